import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { doors } from '../../db/schema.js';

export type DoorRow = typeof doors.$inferSelect;
export type DoorValues = Omit<typeof doors.$inferInsert, 'id' | 'insertedAt' | 'updatedAt'>;
export type DoorStatusValue = DoorRow['status'];

export async function listDoors(
  db: Executor,
  buildingId: string,
  limit: number,
): Promise<{ rows: DoorRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(doors)
      .where(eq(doors.buildingId, buildingId))
      .orderBy(asc(sql`lower(${doors.name})`), asc(doors.id))
      .limit(limit),
    db.select({ total: sql<number>`count(*)::int` }).from(doors).where(eq(doors.buildingId, buildingId)),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** A door of a building; a door id from another building is not found. */
export async function findDoor(
  db: Executor,
  buildingId: string,
  doorId: string,
): Promise<DoorRow | undefined> {
  const [row] = await db
    .select()
    .from(doors)
    .where(and(eq(doors.id, doorId), eq(doors.buildingId, buildingId)))
    .limit(1);
  return row;
}

export async function insertDoor(db: Executor, values: DoorValues): Promise<DoorRow> {
  const [row] = await db
    .insert(doors)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateDoor(db: Executor, id: string, values: Partial<DoorValues>): Promise<DoorRow> {
  const [row] = await db
    .update(doors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(doors.id, id))
    .returning();
  return row!;
}

export async function deleteDoor(db: Executor, id: string): Promise<void> {
  await db.delete(doors).where(eq(doors.id, id));
}

/** Records a new status; returns the row only if the status really changed. */
export async function setDoorStatus(
  db: Executor,
  id: string,
  status: DoorStatusValue,
  at: Date,
): Promise<DoorRow | undefined> {
  const [row] = await db
    .update(doors)
    .set({ status, statusChangedAt: at })
    .where(and(eq(doors.id, id), sql`${doors.status} <> ${status}`))
    .returning();
  return row;
}

/**
 * Locks a door again after its unlock time, unless something changed it since (another open moved
 * `status_changed_at`). Returns the row when it did lock it.
 */
export async function relockDoor(db: Executor, id: string, unlockedAt: Date): Promise<DoorRow | undefined> {
  const [row] = await db
    .update(doors)
    .set({ status: 'locked', statusChangedAt: new Date() })
    .where(and(eq(doors.id, id), eq(doors.status, 'unlocked'), eq(doors.statusChangedAt, unlockedAt)))
    .returning();
  return row;
}
