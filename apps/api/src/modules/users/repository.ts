import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import {
  buildingManagers,
  buildings,
  memberships,
  recoveryCodes,
  sessions,
  units,
  users,
} from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(
  db: Executor,
  values: Omit<typeof users.$inferInsert, 'id'> & { id?: string },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof users.$inferInsert, 'id' | 'insertedAt'>>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length === 0) return;
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ id: newId(), userId, codeHash })));
}

/** Marks a recovery code used; returns false when it is unknown or already used. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** Ends every open session of a user, optionally keeping one (the caller's own). */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

const userSortColumns = {
  email: users.email,
  last_name: users.lastName,
  inserted_at: users.insertedAt,
} as const;

export async function listUsers(
  db: Executor,
  options: {
    search?: string;
    sort: keyof typeof userSortColumns;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern
    ? sql`(${users.email} ilike ${pattern} or ${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern}
           or (coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern})`
    : undefined;
  const column = userSortColumns[options.sort];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(
        options.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
        users.id,
      )
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function listMembershipsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: memberships.id,
      role: memberships.role,
      unit: { id: units.id, name: units.name },
      building: { id: buildings.id, name: buildings.name },
    })
    .from(memberships)
    .innerJoin(units, eq(units.id, memberships.unitId))
    .innerJoin(buildings, eq(buildings.id, units.buildingId))
    .where(eq(memberships.userId, userId))
    .orderBy(buildings.name, units.name);
}

export async function listManagershipsOfUser(db: Executor, userId: string) {
  return db
    .select({ id: buildingManagers.id, building: { id: buildings.id, name: buildings.name } })
    .from(buildingManagers)
    .innerJoin(buildings, eq(buildings.id, buildingManagers.buildingId))
    .where(eq(buildingManagers.userId, userId))
    .orderBy(buildings.name);
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function countSuperadmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.isSuperadmin, true));
  return row?.count ?? 0;
}
