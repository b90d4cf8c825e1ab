import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { sessions, users } from '../../db/schema.js';
import type { UserRow } from '../users/repository.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Executor,
  values: { userId: string; userAgent?: string | null; ip?: string | null; expiresAt: Date; kind?: string },
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({ id: newId(), refreshJti: newId(), ...values })
    .returning();
  return row!;
}

/** The session with its user, in one query: the hot path of every authenticated call. */
export async function findActiveSessionWithUser(
  db: Executor,
  sessionId: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}

export async function findSession(db: Executor, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row;
}

/**
 * Swaps the session's refresh id only if it still is `currentJti`: of two refreshes racing with the
 * same token exactly one wins; the loser counts as a reuse.
 */
export async function rotateRefreshJti(
  db: Executor,
  sessionId: string,
  currentJti: string,
  expiresAt: Date,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ refreshJti: newId(), lastUsedAt: new Date(), expiresAt })
    .where(and(eq(sessions.id, sessionId), eq(sessions.refreshJti, currentJti), isNull(sessions.revokedAt)))
    .returning();
  return row;
}

/** Ends a session; with `ownerId`, only if it belongs to that user. Returns false when nothing ended. */
export async function revokeSession(
  db: Executor,
  sessionId: string,
  reason: string,
  ownerId?: string,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        ownerId ? eq(sessions.userId, ownerId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function listActiveSessions(db: Executor, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastUsedAt));
}
