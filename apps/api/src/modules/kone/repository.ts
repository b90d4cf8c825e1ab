import type { ElevatorCall } from '@gatehouse/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { buildings, doorLogs, units } from '../../db/schema.js';
import { isLinkedToAnyBuilding } from '../buildings/repository.js';

/** Whether one of `buildingIds` is linked to the KONE building (stored with or without "building:"). */
export async function isKoneBuildingLinked(
  db: Executor,
  koneBuildingId: string,
  buildingIds: readonly string[],
): Promise<boolean> {
  return isLinkedToAnyBuilding(
    db,
    buildings.koneBuildingId,
    [koneBuildingId, `building:${koneBuildingId}`],
    buildingIds,
  );
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
