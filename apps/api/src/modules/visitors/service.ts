import { visitorCreateBodySchema, type visitorUpdateBodySchema } from '@gatehouse/core';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { AppError, invalidField, notFound } from '../../http/errors.js';
import { personName } from '../account/service.js';
import { enqueueMail } from '../mail/outbox.js';
import { type BulkRow, bulkRefusal } from '../members/bulk-upload.js';
import type { UserRow } from '../users/repository.js';
import { parseLocalDateTime } from './local-time.js';
import {
  findVisitor,
  insertVisitors,
  updateVisitor,
  type VisitorRow,
  type VisitorValues,
} from './repository.js';

export type VisitorInput = z.output<typeof visitorCreateBodySchema>;
export type VisitorUpdate = z.output<typeof visitorUpdateBodySchema>;
export type VisitorState = 'upcoming' | 'active' | 'expired' | 'revoked';

/** The CSV columns of bulk_validate. */
export const VISITOR_COLUMNS = ['name', 'email', 'phone', 'valid_from', 'valid_until'] as const;
export type VisitorColumn = (typeof VISITOR_COLUMNS)[number];

/** A new visitor's link works for this long unless the request says otherwise. */
export const DEFAULT_VISIT_MS = 24 * 60 * 60 * 1000;

/** A link works from `valid_from` (included) until `valid_until` (excluded), unless revoked. */
export function visitorState(visitor: VisitorRow, now = new Date()): VisitorState {
  if (visitor.revokedAt) return 'revoked';
  if (now < visitor.validFrom) return 'upcoming';
  if (now >= visitor.validUntil) return 'expired';
  return 'active';
}

export function visitorLink(ctx: AppContext, visitor: VisitorRow): string {
  return `${ctx.config.publicUrl}/visitor/${visitor.linkUuid}`;
}

/** `Visitor` (snake_case wire format), with the link and the state at `now`. */
export function visitorView(ctx: AppContext, visitor: VisitorRow, now = new Date()) {
  return {
    id: visitor.id,
    unit_id: visitor.unitId,
    name: visitor.name,
    email: visitor.email,
    phone: visitor.phone,
    valid_from: visitor.validFrom.toISOString(),
    valid_until: visitor.validUntil.toISOString(),
    revoked_at: visitor.revokedAt?.toISOString() ?? null,
    link: visitorLink(ctx, visitor),
    state: visitorState(visitor, now),
    inserted_at: visitor.insertedAt.toISOString(),
    updated_at: visitor.updatedAt.toISOString(),
  };
}

export async function requireVisitor(ctx: AppContext, unitId: string, visitorId: string) {
  const visitor = await findVisitor(ctx.db, unitId, visitorId);
  if (!visitor) throw notFound('Visitor');
  return visitor;
}

interface Problem {
  field: string;
  message: string;
}

/**
 * The validity of a new visitor's link: from `validFrom` (default now) until `validUntil` (default
 * 24 hours after the start). It must not be over already, and must end after it starts.
 */
function newVisitWindow(
  validFrom: Date | undefined,
  validUntil: Date | undefined,
  now: Date,
): { validFrom: Date; validUntil: Date } | Problem {
  const from = validFrom ?? now;
  const until = validUntil ?? new Date(from.getTime() + DEFAULT_VISIT_MS);
  if (until <= now) return { field: 'valid_until', message: 'The link would be over already' };
  if (until <= from) return { field: 'valid_until', message: 'The link must end after it starts' };
  return { validFrom: from, validUntil: until };
}

const parseInstant = (value: string | null | undefined) => (value == null ? undefined : new Date(value));

/** Mails the visitor their link (into the outbox, inside the caller's transaction). */
async function mailLink(ctx: AppContext, db: Executor, visitor: VisitorRow, sender: UserRow) {
  if (!visitor.email) return false;
  await enqueueMail(db, {
    to: visitor.email,
    kind: 'visitor_link',
    // A visitor has no account and so no language: the mail is in the language of whoever sends it.
    locale: sender.locale,
    name: visitor.name,
    link: visitorLink(ctx, visitor),
    inviter: personName(sender),
  });
  return true;
}

/**
 * Creates visitors in one transaction, each with its own link, and mails the link to those with an
 * email address. Any bad validity refuses them all: a single visitor's problem is a 422 on its
 * field, a list's on `{list}.{index}.{field}`.
 */
export async function createVisitors(
  ctx: AppContext,
  unitId: string,
  inputs: VisitorInput[],
  creator: UserRow,
  list?: string,
): Promise<VisitorRow[]> {
  const now = new Date();
  const problems: (Problem & { index: number })[] = [];
  const values: VisitorValues[] = [];
  for (const [index, input] of inputs.entries()) {
    const window = newVisitWindow(parseInstant(input.valid_from), parseInstant(input.valid_until), now);
    if ('message' in window) {
      problems.push({ index, ...window });
      continue;
    }
    values.push({
      unitId,
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      ...window,
      createdByUserId: creator.id,
    });
  }
  const [first] = problems;
  if (first) throw list ? bulkRefusal(list, problems) : invalidField(first.field, first.message);

  const { rows, mailed } = await ctx.db.transaction(async (tx) => {
    const inserted = await insertVisitors(tx, values);
    let count = 0;
    for (const visitor of inserted) if (await mailLink(ctx, tx, visitor, creator)) count++;
    return { rows: inserted, mailed: count };
  });
  if (mailed > 0) ctx.notifyMailQueued();
  return rows;
}

/** PUT: the changed fields; `revoked: true` stops the link (keeping the first revocation time), false restores it. */
export async function changeVisitor(ctx: AppContext, visitor: VisitorRow, input: VisitorUpdate) {
  const validFrom = parseInstant(input.valid_from) ?? visitor.validFrom;
  const validUntil = parseInstant(input.valid_until) ?? visitor.validUntil;
  if (validUntil <= validFrom) {
    throw invalidField(input.valid_until ? 'valid_until' : 'valid_from', 'The link must end after it starts');
  }
  const revokedAt =
    input.revoked === undefined
      ? visitor.revokedAt
      : input.revoked
        ? (visitor.revokedAt ?? new Date())
        : null;
  return updateVisitor(ctx.db, visitor.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    validFrom,
    validUntil,
    revokedAt,
  });
}

/** POST …/resend_invite: mails the link again; 422 on `email` when the visitor has none. */
export async function resendVisitorLink(ctx: AppContext, visitor: VisitorRow, sender: UserRow) {
  if (!visitor.email) throw invalidField('email', 'This visitor has no email address; add one first');
  const state = visitorState(visitor);
  if (state === 'revoked' || state === 'expired') {
    const message =
      state === 'revoked'
        ? 'This link has been revoked; restore it before sending it again'
        : 'This link has expired; extend it before sending it again';
    throw new AppError('conflict', message, { items: [{ code: `link_${state}`, message }] });
  }
  await ctx.throttles.mailPerAddress.consume(
    `visitor:${visitor.email.toLowerCase()}`,
    'Too many mails to this address; try again later',
  );
  await mailLink(ctx, ctx.db, visitor, sender);
  ctx.notifyMailQueued();
}

const isoInstant = z.iso.datetime({ offset: true });
const timeFormats =
  'Write a date and time as 2026-05-01 14:30 (the building’s time) or in ISO 8601 with an offset, such as 2026-05-01T14:30:00+02:00';

/** A CSV time: ISO 8601 with an offset, or a wall-clock time in the building's time zone. */
function readCsvTime(text: string, timeZone: string): Date | undefined | Problem {
  if (text === '') return undefined;
  const local = parseLocalDateTime(text, timeZone);
  if (local) return local;
  if (isoInstant.safeParse(text).success) return new Date(text);
  return { field: '', message: timeFormats };
}

/**
 * POST /units/{u}/visitors/bulk_validate: each CSV row checked as bulk_create would check it. The
 * values are as they will be saved (times as ISO 8601 in UTC); an empty time is left out of
 * `values`, so the row can be sent to bulk_create as it is and gets the default.
 */
export function validateVisitorRows(
  rows: Record<VisitorColumn, string>[],
  timeZone: string,
  now = new Date(),
): BulkRow[] {
  const shape = visitorCreateBodySchema.shape;
  return rows.map((raw, index) => {
    const values: Record<string, string | null> = {};
    const errors: Problem[] = [];
    for (const field of ['name', 'email', 'phone'] as const) {
      const result = shape[field].safeParse(raw[field]);
      if (result.success) {
        values[field] = result.data ?? null;
      } else {
        values[field] = raw[field] === '' ? null : raw[field];
        const message =
          field === 'email'
            ? 'This is not a valid email address'
            : (result.error.issues[0]?.message ?? 'Not valid');
        errors.push({ field, message });
      }
    }
    const times: Partial<Record<'valid_from' | 'valid_until', Date>> = {};
    for (const field of ['valid_from', 'valid_until'] as const) {
      const time = readCsvTime(raw[field], timeZone);
      if (time === undefined) continue;
      if (time instanceof Date) {
        times[field] = time;
        values[field] = time.toISOString();
      } else {
        values[field] = raw[field];
        errors.push({ field, message: time.message });
      }
    }
    if (!errors.some((error) => error.field.startsWith('valid_'))) {
      const window = newVisitWindow(times.valid_from, times.valid_until, now);
      if ('message' in window) errors.push(window);
    }
    return { row: index + 1, values, errors };
  });
}
