import { isWithinSchedule } from '@gatehouse/core';
import type { EntryScheduleRow } from './repository.js';

/** `time` columns read back as HH:MM:SS; the API speaks HH:MM (seconds are never set). */
const clock = (time: string) => time.slice(0, 5);

/** The reply shape; `active_now` is evaluated in the building's time zone. */
export function scheduleView(row: EntryScheduleRow, timeZone: string, at = new Date()) {
  return {
    id: row.id,
    unit_id: row.unitId,
    door_id: row.doorId,
    date_start: row.dateStart,
    date_end: row.dateEnd,
    time_start: clock(row.timeStart),
    time_end: clock(row.timeEnd),
    active_now: isWithinSchedule(row, at, timeZone),
    inserted_at: row.insertedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
