import { DOOR_LIST_LIMIT } from '@gatehouse/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { memberships } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { listDoors } from '../doors/repository.js';
import { doorView } from '../doors/service.js';
import { listSchedulesOfUnit } from '../entry-schedules/repository.js';
import { scheduleView } from '../entry-schedules/service.js';
import { listMembers } from '../members/repository.js';
import { memberView } from '../members/service.js';
import { findUserById } from '../users/repository.js';
import { personView } from '../users/service.js';
import { listVisitors } from '../visitors/repository.js';
import { visitorState, visitorView } from '../visitors/service.js';
import { findUnit, type UnitWithBuilding } from './repository.js';

/** A unit with its building (id, name, time zone), or 404. */
export async function requireUnit(ctx: AppContext, unitId: string): Promise<UnitWithBuilding> {
  const found = await findUnit(ctx.db, unitId);
  if (!found) throw notFound('Unit');
  return found;
}

export async function isMemberOfUnit(ctx: AppContext, unitId: string, userId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.unitId, unitId), eq(memberships.userId, userId)))
    .limit(1);
  return row !== undefined;
}

async function personOrNull(ctx: AppContext, userId: string | null) {
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  return user ? personView(user) : null;
}

/**
 * The preloads of GET /units/{id} (spec 7) that the caller asked for and may see: a preload the
 * caller may not read is left out rather than refused, so one page can ask for everything.
 */
export async function unitPreloads(
  ctx: AppContext,
  { unit, building }: UnitWithBuilding,
  asked: Set<string>,
  // `delegates` is the unitUpdate permission: it also decides whether members' phone numbers show.
  allowed: { delegates: boolean; doors: boolean; schedules: boolean; members: boolean; visitors: boolean },
) {
  const extras: Record<string, unknown> = {};
  if (asked.has('building_doors') && allowed.doors) {
    extras.building_doors = (await listDoors(ctx.db, building.id, DOOR_LIST_LIMIT)).rows.map((door) =>
      doorView(door),
    );
  }
  if (asked.has('entry_schedules') && allowed.schedules) {
    const rows = await listSchedulesOfUnit(ctx.db, unit.id);
    extras.entry_schedules = rows.map(({ schedule }) => scheduleView(schedule, building.timeZone));
  }
  if (asked.has('members_user') && allowed.members) {
    extras.members_user = (await listMembers(ctx.db, unit.id)).map((member) =>
      memberView(member, allowed.delegates),
    );
  }
  if (asked.has('active_visitors') && allowed.visitors) {
    const now = new Date();
    extras.active_visitors = (await listVisitors(ctx.db, unit.id))
      .filter((visitor) => visitorState(visitor, now) === 'active')
      .map((visitor) => visitorView(ctx, visitor, now));
  }
  if (asked.has('delegate_user') && allowed.delegates)
    extras.delegate_user = await personOrNull(ctx, unit.delegateUserId);
  if (asked.has('alt_delegate_user') && allowed.delegates) {
    extras.alt_delegate_user = await personOrNull(ctx, unit.altDelegateUserId);
  }
  return extras;
}
