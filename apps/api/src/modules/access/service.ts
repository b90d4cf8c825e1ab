import { isWithinSchedule } from '@gatehouse/core';
import type { Executor } from '../../db/client.js';
import { schedulesOfUnits } from './repository.js';

/**
 * The schedules of these units that let their people through now, one per door (the first that
 * does), with the door, unit and building. Members and visitors of a unit may open exactly these
 * doors; building managers are not bound (spec: "managers are not bound").
 */
export async function openSchedulesNow(
  db: Executor,
  unitIds: readonly string[],
  at = new Date(),
  doorId?: string,
) {
  const byDoor = new Map<string, Awaited<ReturnType<typeof schedulesOfUnits>>[number]>();
  for (const row of await schedulesOfUnits(db, unitIds, doorId)) {
    if (byDoor.has(row.door.id)) continue;
    const window = {
      dateStart: row.schedule.dateStart,
      dateEnd: row.schedule.dateEnd,
      timeStart: row.schedule.timeStart,
      timeEnd: row.schedule.timeEnd,
    };
    if (isWithinSchedule(window, at, row.building.timeZone)) byDoor.set(row.door.id, row);
  }
  return [...byDoor.values()];
}
