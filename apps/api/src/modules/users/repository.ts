import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { recoveryCodes, sessions, users } from '../../db/schema.js';

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
