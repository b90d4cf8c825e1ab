import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { buildingManagers, buildings, users } from '../../db/schema.js';

export type ManagerRow = typeof buildingManagers.$inferSelect;
export type ManagerWithUser = { manager: ManagerRow; user: typeof users.$inferSelect };

export async function listManagers(db: Executor, buildingId: string): Promise<ManagerWithUser[]> {
  return db
    .select({ manager: buildingManagers, user: users })
    .from(buildingManagers)
    .innerJoin(users, eq(users.id, buildingManagers.userId))
    .where(eq(buildingManagers.buildingId, buildingId))
    .orderBy(asc(sql`lower(coalesce(${users.lastName}, ${users.email}))`), asc(buildingManagers.id));
}

export async function findManager(db: Executor, buildingId: string, managerId: string) {
  const [row] = await db
    .select({ manager: buildingManagers, user: users })
    .from(buildingManagers)
    .innerJoin(users, eq(users.id, buildingManagers.userId))
    .where(and(eq(buildingManagers.id, managerId), eq(buildingManagers.buildingId, buildingId)))
    .limit(1);
  return row;
}

export async function findManagerByUser(db: Executor, buildingId: string, userId: string) {
  const [row] = await db
    .select()
    .from(buildingManagers)
    .where(and(eq(buildingManagers.buildingId, buildingId), eq(buildingManagers.userId, userId)))
    .limit(1);
  return row;
}

export async function insertManager(db: Executor, buildingId: string, userId: string): Promise<ManagerRow> {
  const [row] = await db.insert(buildingManagers).values({ id: newId(), buildingId, userId }).returning();
  return row!;
}

export async function deleteManager(db: Executor, id: string): Promise<void> {
  await db.delete(buildingManagers).where(eq(buildingManagers.id, id));
}

/**
 * Counts a building's managers while holding its row, so two managers removing each other at the
 * same time cannot both succeed and leave the building with none.
 */
export async function countManagersLocked(db: Executor, buildingId: string): Promise<number> {
  await db.select({ id: buildings.id }).from(buildings).where(eq(buildings.id, buildingId)).for('update');
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(buildingManagers)
    .where(eq(buildingManagers.buildingId, buildingId));
  return row?.count ?? 0;
}
