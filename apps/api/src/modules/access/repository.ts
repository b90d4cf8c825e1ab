import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buildings, doors, entrySchedules, memberships, units } from '../../db/schema.js';

export type ScheduleRow = typeof entrySchedules.$inferSelect;

/**
 * The entry schedules that could let someone of these units through doors, with each door and the
 * building's time zone. Whether a schedule lets them through *now* is decided in code
 * (`isWithinSchedule`), which handles time zones and windows across midnight.
 */
export async function schedulesOfUnits(db: Executor, unitIds: readonly string[], doorId?: string) {
  if (unitIds.length === 0) return [];
  return db
    .select({
      schedule: entrySchedules,
      door: doors,
      unit: { id: units.id, name: units.name },
      building: { id: buildings.id, name: buildings.name, timeZone: buildings.timeZone },
    })
    .from(entrySchedules)
    .innerJoin(doors, eq(doors.id, entrySchedules.doorId))
    .innerJoin(units, eq(units.id, entrySchedules.unitId))
    .innerJoin(buildings, eq(buildings.id, units.buildingId))
    .where(
      and(
        inArray(entrySchedules.unitId, [...unitIds]),
        doorId ? eq(entrySchedules.doorId, doorId) : undefined,
      ),
    );
}

/** The units a user belongs to (any role). */
export async function unitIdsOfUser(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ unitId: memberships.unitId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((row) => row.unitId);
}

/** Doors with their building, of these buildings (every building when undefined), by building and name. */
export async function doorsOfBuildings(
  db: Executor,
  buildingIds: readonly string[] | undefined,
  limit: number,
) {
  if (buildingIds?.length === 0) return [];
  return db
    .select({ door: doors, building: { id: buildings.id, name: buildings.name } })
    .from(doors)
    .innerJoin(buildings, eq(buildings.id, doors.buildingId))
    .where(buildingIds ? inArray(doors.buildingId, [...buildingIds]) : undefined)
    .orderBy(asc(buildings.name), desc(doors.isEntrance), asc(doors.name))
    .limit(limit);
}
