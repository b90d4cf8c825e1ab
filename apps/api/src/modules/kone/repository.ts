import type { ElevatorCall } from '@gatehouse/core';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buildings, doorLogs, units } from '../../db/schema.js';

/** Whether one of `buildingIds` is linked to the KONE building (stored with or without "building:"). */
export async function isKoneBuildingLinked(
  db: Executor,
  koneBuildingId: string,
  buildingIds: readonly string[],
): Promise<boolean> {
  if (buildingIds.length === 0) return false;
  const [row] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(
      and(
        inArray(buildings.id, [...buildingIds]),
        or(
          eq(buildings.koneBuildingId, koneBuildingId),
          eq(buildings.koneBuildingId, `building:${koneBuildingId}`),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** What an entry call needs to know of the door's building and the person's unit. */
export async function findEntryCallSettings(db: Executor, buildingId: string, unitId: string) {
  const [row] = await db
    .select({
      koneBuildingId: buildings.koneBuildingId,
      elevatorCallOnEntry: buildings.elevatorCallOnEntry,
      koneAreaId: units.koneAreaId,
    })
    .from(buildings)
    .innerJoin(units, eq(units.buildingId, buildings.id))
    .where(and(eq(buildings.id, buildingId), eq(units.id, unitId)))
    .limit(1);
  return row;
}

/** Writes the elevator call onto the door log row of the entry that caused it. */
export async function recordElevatorCall(db: Executor, doorLogId: string, call: ElevatorCall): Promise<void> {
  await db.update(doorLogs).set({ elevatorCall: call }).where(eq(doorLogs.id, doorLogId));
}
