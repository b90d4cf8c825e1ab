import { MEMBER_ROLES, memberCreateBodySchema } from '@gatehouse/core';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import { inviteUser } from '../account/service.js';
import { findUserByEmail, type UserRow, updateUser } from '../users/repository.js';
import { personView } from '../users/service.js';
import { type BulkRow, bulkRefusal } from './bulk-upload.js';
import {
  findMember,
  findMemberByUser,
  insertMember,
  type MemberWithUser,
  memberEmailsOf,
  violatedUniqueIndex,
} from './repository.js';

export type MemberInput = z.output<typeof memberCreateBodySchema>;

/** The CSV columns of bulk_validate. */
export const MEMBER_COLUMNS = ['email', 'first_name', 'last_name', 'phone', 'role'] as const;
export type MemberColumn = (typeof MEMBER_COLUMNS)[number];

/**
 * `Member` (snake_case wire format). The phone number is personal: it is shown to those who run the
 * unit (`showPhone`: memberUpdate), and null for the other people of the unit.
 */
export function memberView({ membership, user }: MemberWithUser, showPhone = true) {
  return {
    id: membership.id,
    unit_id: membership.unitId,
    role: membership.role,
    user: { ...personView(user), phone: showPhone ? user.phone : null },
    inserted_at: membership.insertedAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
  };
}

const alreadyMemberMessage = 'This person is already a member of the unit';

function alreadyMember(field = 'email') {
  return new AppError('conflict', alreadyMemberMessage, {
    items: [{ code: 'already_member', message: alreadyMemberMessage, field }],
  });
}

export async function requireMember(ctx: AppContext, unitId: string, memberId: string) {
  const found = await findMember(ctx.db, unitId, memberId);
  if (!found) throw notFound('Member');
  return found;
}

/**
 * Adds one person to the unit inside the caller's transaction: an existing account joins at once, a
 * new email gets an account and an invite mail (queued in the outbox). Name and phone only fill in
 * an account that nobody has claimed yet.
 */
async function addToUnit(
  ctx: AppContext,
  tx: Executor,
  unitId: string,
  input: MemberInput,
  inviter: UserRow,
): Promise<MemberWithUser & { invited: boolean }> {
  const invitation = await inviteUser(
    ctx,
    tx,
    { email: input.email, firstName: input.first_name, lastName: input.last_name },
    inviter,
  );
  let user = invitation.user;
  if (input.phone && !user.passwordHash && !user.phone)
    user = await updateUser(tx, user.id, { phone: input.phone });
  const membership = await insertMember(tx, { unitId, userId: user.id, role: input.role });
  return { membership, user, invited: invitation.invited };
}

/**
 * Runs `add` in a transaction. Two calls adding the same person at the same moment: the second
 * meets the membership index (409 `already_member`), or, for a new email, the account the first
 * just created, and is tried once more (it then finds the account, and the membership).
 */
async function inTransaction<T>(
  ctx: AppContext,
  field: string,
  add: (tx: Executor) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction(add);
    } catch (error) {
      const index = violatedUniqueIndex(error);
      if (index === 'memberships_unit_user_key') throw alreadyMember(field);
      if (index !== 'users_email_lower_key' || attempt > 1) throw error;
    }
  }
}

/** POST /units/{u}/members: 409 `already_member` on `email` when the person belongs to the unit. */
export async function addMember(ctx: AppContext, unitId: string, input: MemberInput, inviter: UserRow) {
  const added = await inTransaction(ctx, 'email', async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (existing && (await findMemberByUser(tx, unitId, existing.id))) throw alreadyMember();
    return addToUnit(ctx, tx, unitId, input, inviter);
  });
  if (added.invited) ctx.notifyMailQueued();
  ctx.authCache.forgetUser(added.user.id);
  return added;
}

/** Emails that appear twice in a list, and people already in the unit, by their index. */
async function listProblems(ctx: AppContext, unitId: string, emails: readonly (string | null)[]) {
  const problems: { index: number; field: string; code: string; message: string }[] = [];
  const firstIndex = new Map<string, number>();
  for (const [index, email] of emails.entries()) {
    if (email === null) continue;
    const first = firstIndex.get(email);
    if (first === undefined) firstIndex.set(email, index);
    else
      problems.push({
        index,
        field: 'email',
        code: 'duplicate',
        message: `This email address is also in row ${first + 1}`,
      });
  }
  const taken = await memberEmailsOf(ctx.db, unitId, [...firstIndex.keys()]);
  for (const [index, email] of emails.entries()) {
    if (email !== null && taken.has(email))
      problems.push({ index, field: 'email', code: 'already_member', message: alreadyMemberMessage });
  }
  return problems.sort((a, b) => a.index - b.index);
}

/**
 * POST /units/{u}/members/bulk_create: every row is checked first (the body schema, then duplicates
 * and people already in the unit); one bad row refuses the whole list with 422 and creates nothing.
 * Otherwise every membership and invite is written in one transaction.
 */
export async function addMembers(ctx: AppContext, unitId: string, inputs: MemberInput[], inviter: UserRow) {
  const problems = await listProblems(
    ctx,
    unitId,
    inputs.map((input) => input.email),
  );
  if (problems.length > 0) throw bulkRefusal('members', problems);
  // Someone in the list joining the unit between the check and the insert refuses the whole list.
  const added = await inTransaction(ctx, 'members', async (tx) => {
    const rows: (MemberWithUser & { invited: boolean })[] = [];
    for (const input of inputs) rows.push(await addToUnit(ctx, tx, unitId, input, inviter));
    return rows;
  });
  if (added.some((row) => row.invited)) ctx.notifyMailQueued();
  for (const row of added) ctx.authCache.forgetUser(row.user.id);
  return added;
}

const roleMessage = `Unknown role; use ${MEMBER_ROLES.join(', ')}`;

/**
 * POST /units/{u}/members/bulk_validate: each CSV row checked as bulk_create would check it. Values
 * that pass are given as they will be saved (email lowercased, phone normalised, role defaulted);
 * a value that fails is given as it was written.
 */
export async function validateMemberRows(
  ctx: AppContext,
  unitId: string,
  rows: Record<MemberColumn, string>[],
): Promise<BulkRow[]> {
  const shape = memberCreateBodySchema.shape;
  const checked = rows.map((raw, index) => {
    const values: Record<string, string | null> = {};
    const errors: { field: string; message: string }[] = [];
    const role = raw.role === '' ? undefined : raw.role.toLowerCase().replace(/[\s-]+/g, '_');
    const inputs: Record<MemberColumn, string | undefined> = { ...raw, role };
    for (const field of MEMBER_COLUMNS) {
      const result = shape[field].safeParse(inputs[field]);
      if (result.success) {
        values[field] = result.data ?? null;
        continue;
      }
      values[field] = raw[field] === '' ? null : raw[field];
      const message =
        field === 'role'
          ? roleMessage
          : field === 'email'
            ? raw.email === ''
              ? 'An email address is needed'
              : 'This is not a valid email address'
            : (result.error.issues[0]?.message ?? 'Not valid');
      errors.push({ field, message });
    }
    return { row: index + 1, values, errors };
  });
  const emails = checked.map((row) =>
    row.errors.some((error) => error.field === 'email') ? null : (row.values.email ?? null),
  );
  for (const problem of await listProblems(ctx, unitId, emails)) {
    checked[problem.index]!.errors.push({ field: problem.field, message: problem.message });
  }
  return checked;
}

/** POST …/resend_invite: a fresh invite mail; 409 `invite_accepted` once the person has a password. */
export async function resendMemberInvite(ctx: AppContext, found: MemberWithUser, inviter: UserRow) {
  if (found.user.passwordHash) {
    const message = 'This person has already accepted the invite';
    throw new AppError('conflict', message, { items: [{ code: 'invite_accepted', message }] });
  }
  await ctx.throttles.mailPerAddress.consume(
    `invite:${found.user.email.toLowerCase()}`,
    'Too many invites to this address; try again later',
  );
  const { invited } = await ctx.db.transaction((tx) =>
    inviteUser(ctx, tx, { email: found.user.email }, inviter),
  );
  if (invited) ctx.notifyMailQueued();
}
