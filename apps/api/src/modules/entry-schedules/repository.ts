import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { doors, entrySchedules } from '../../db/schema.js';

export type EntryScheduleRow = typeof entrySchedules.$inferSelect;
export type EntryScheduleWindow = Pick<EntryScheduleRow, 'dateStart' | 'dateEnd' | 'timeStart' | 'timeEnd'>;

export async function listSchedulesOfUnit(db: Executor, unitId: string) {
  return db
    .select({ schedule: entrySchedules, door: doors })
    .from(entrySchedules)
    .innerJoin(doors, eq(doors.id, entrySchedules.doorId))
    .where(eq(entrySchedules.unitId, unitId))
    .orderBy(asc(doors.name));
}

export async function findSchedule(db: Executor, unitId: string, doorId: string) {
  const [row] = await db
    .select({ schedule: entrySchedules, door: doors })
    .from(entrySchedules)
    .innerJoin(doors, eq(doors.id, entrySchedules.doorId))
    .where(and(eq(entrySchedules.unitId, unitId), eq(entrySchedules.doorId, doorId)))
    .limit(1);
  return row;
}

export async function insertSchedule(
  db: Executor,
  values: { unitId: string; doorId: string } & EntryScheduleWindow,
): Promise<EntryScheduleRow> {
  const [row] = await db
    .insert(entrySchedules)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateSchedule(db: Executor, id: string, window: Partial<EntryScheduleWindow>) {
  const [row] = await db
    .update(entrySchedules)
    .set({ ...window, updatedAt: new Date() })
    .where(eq(entrySchedules.id, id))
    .returning();
  return row!;
}

export async function deleteSchedule(db: Executor, id: string): Promise<void> {
  await db.delete(entrySchedules).where(eq(entrySchedules.id, id));
}
