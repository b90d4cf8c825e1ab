import { doorOpenResultSchema, openVisitorBodySchema, visitorAccessSchema } from '@gatehouse/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { openSchedulesNow } from '../access/service.js';
import { Throttle, type ThrottleRule } from '../auth/throttle.js';
import { findDoor } from '../doors/repository.js';
import { findVisitorByLink } from './repository.js';
import { visitorState } from './service.js';

const tags = ['Visitors'];

/**
 * How often one IP address may use visitor links: enough for a visitor's page and a few doors, too
 * few to try links at random (they are random UUIDs anyway). Shared by every process with Redis.
 */
export const VISITOR_LINK_LIMITS: { lookups: ThrottleRule; opens: ThrottleRule } = {
  lookups: { points: 60, durationSeconds: 60 },
  opens: { points: 20, durationSeconds: 60 },
};

function linkError(code: 'not_found' | 'gone' | 'forbidden', item: string, message: string) {
  return new AppError(code, message, { items: [{ code: item, message }] });
}

const linkInvalid = () => linkError('not_found', 'link_invalid', 'This link is not valid');
const outsideSchedule = () =>
  linkError('forbidden', 'outside_schedule', 'This door cannot be opened with this link now');

/** The door log's reason for a refused visitor, in the form of a member's refusal (doors/routes.ts). */
const refusalReason = 'outside_schedule: no entry schedule of the visitor’s unit lets them through now';

type LinkRow = NonNullable<Awaited<ReturnType<typeof findVisitorByLink>>>;

/**
 * The visitor behind a link, refused when the link cannot be used: unknown (404 `link_invalid`),
 * revoked (410 `link_revoked`) or expired (410 `link_expired`); a link that has not started yet is
 * refused only where `upcomingAllowed` is false (403 `link_not_yet_valid`).
 */
async function requireLink(ctx: AppContext, uuid: string, now: Date, upcomingAllowed: boolean) {
  const found = await findVisitorByLink(ctx.db, uuid);
  if (!found) throw linkInvalid();
  const state = visitorState(found.visitor, now);
  if (state === 'revoked') throw linkError('gone', 'link_revoked', 'This link has been revoked');
  if (state === 'expired') throw linkError('gone', 'link_expired', 'This link has expired');
  if (state === 'upcoming' && !upcomingAllowed) {
    throw linkError(
      'forbidden',
      'link_not_yet_valid',
      `This link works from ${found.visitor.validFrom.toISOString()}`,
    );
  }
  return { ...found, state };
}

/** The doors a visitor may open now: those a schedule of their unit lets them through, entrances first. */
async function doorsNow(ctx: AppContext, link: LinkRow, now: Date) {
  const schedules = await openSchedulesNow(ctx.db, [link.unit.id], now);
  return schedules
    .map(({ door }) => ({ id: door.id, name: door.name, is_entrance: door.isEntrance }))
    .sort((a, b) => Number(b.is_entrance) - Number(a.is_entrance) || a.name.localeCompare(b.name));
}

/**
 * The calls a visitor makes with their personal link (`/visitor/{uuid}`), without signing in: the
 * link is the credential. Both are limited per IP address. A refusal says nothing about other links.
 */
export function registerVisitorLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lookups = new Throttle('visitor-link-lookup-ip', VISITOR_LINK_LIMITS.lookups, ctx.redis);
  const opens = new Throttle('visitor-link-open-ip', VISITOR_LINK_LIMITS.opens, ctx.redis);
  const limitedBy = (throttle: Throttle) => async (request: FastifyRequest) => {
    await throttle.consume(request.ip, 'Too many requests from this address; try again in a minute');
  };

  api.get(
    '/visitors/:uuid',
    {
      config: { public: true },
      onRequest: limitedBy(lookups),
      schema: {
        tags,
        summary: 'What a visitor’s link gives access to (no sign-in)',
        description:
          'The visitor, their unit and building, and the doors they may open now (none before the link starts). ' +
          '404 `link_invalid` for an unknown link, 410 `link_revoked` or `link_expired` for one that no longer ' +
          `works. At most ${VISITOR_LINK_LIMITS.lookups.points} calls a minute per IP address (then 429).`,
        params: z.object({ uuid: z.uuid() }),
        response: { 200: envelopeOf(visitorAccessSchema) },
      },
    },
    async (request) => {
      const now = new Date();
      const link = await requireLink(ctx, request.params.uuid, now, true);
      return ok({
        visitor: {
          name: link.visitor.name,
          valid_from: link.visitor.validFrom.toISOString(),
          valid_until: link.visitor.validUntil.toISOString(),
          state: link.visitor.validFrom > new Date() ? ('upcoming' as const) : ('active' as const),
        },
        unit: { name: link.unit.name },
        building: { name: link.building.name, time_zone: link.building.timeZone },
        doors: link.state === 'active' ? await doorsNow(ctx, link, now) : [],
      });
    },
  );

  api.post(
    '/doors/:doorId/open_visitor',
    {
      config: { public: true },
      onRequest: limitedBy(opens),
      schema: {
        tags,
        summary: 'Open a door with a visitor’s link (no sign-in)',
        description:
          'Allowed while the link is valid and a schedule of the visitor’s unit lets them through the door now. ' +
          '403 `link_not_yet_valid` before the link starts; 403 `outside_schedule` for a door the link does not ' +
          'open now (logged when the door is in the visitor’s building). Every attempt is written to the door ' +
          `log. At most ${VISITOR_LINK_LIMITS.opens.points} calls a minute per IP address (then 429).`,
        params: z.object({ doorId: z.uuid() }),
        body: openVisitorBodySchema,
        response: { 200: envelopeOf(doorOpenResultSchema) },
      },
    },
    async (request) => {
      const now = new Date();
      const { doorId } = request.params;
      const link = await requireLink(ctx, request.body.uuid, now, false);
      const actor = { type: 'visitor' as const, visitorId: link.visitor.id, unitId: link.unit.id };
      const [allowed] = await openSchedulesNow(ctx.db, [link.unit.id], now, doorId);
      if (!allowed) {
        const door = await findDoor(ctx.db, link.building.id, doorId);
        if (door) await ctx.doorOpener.refuse(door, actor, refusalReason);
        throw outsideSchedule();
      }
      return ok(await ctx.doorOpener.open(allowed.door, actor));
    },
  );
}
