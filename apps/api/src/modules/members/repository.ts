import type { MemberRole } from '@gatehouse/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { memberships, units, users } from '../../db/schema.js';

export type MembershipRow = typeof memberships.$inferSelect;
export type MemberWithUser = { membership: MembershipRow; user: typeof users.$inferSelect };

export async function listMembers(db: Executor, unitId: string): Promise<MemberWithUser[]> {
  return db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.unitId, unitId))
    .orderBy(asc(sql`lower(coalesce(${users.lastName}, ${users.email}))`), asc(memberships.id));
}

/** A membership of the unit; an id of another unit's membership is not found. */
export async function findMember(
  db: Executor,
  unitId: string,
  memberId: string,
): Promise<MemberWithUser | undefined> {
  const [row] = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, memberId), eq(memberships.unitId, unitId)))
    .limit(1);
  return row;
}

export async function findMemberByUser(db: Executor, unitId: string, userId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.unitId, unitId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

/** Which of these (lowercase) email addresses already belong to members of the unit. */
export async function memberEmailsOf(db: Executor, unitId: string, emails: readonly string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.unitId, unitId), inArray(sql`lower(${users.email})`, [...emails])));
  return new Set(rows.map((row) => row.email));
}

export async function insertMember(
  db: Executor,
  values: { unitId: string; userId: string; role: MemberRole },
): Promise<MembershipRow> {
  const [row] = await db
    .insert(memberships)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateMemberRole(db: Executor, id: string, role: MemberRole): Promise<MembershipRow> {
  const [row] = await db
    .update(memberships)
    .set({ role, updatedAt: new Date() })
    .where(eq(memberships.id, id))
    .returning();
  return row!;
}

/** Removes a membership; a person who leaves the unit stops being one of its delegates. */
export async function deleteMember(db: Executor, membership: MembershipRow): Promise<void> {
  await db.delete(memberships).where(eq(memberships.id, membership.id));
  const { unitId, userId } = membership;
  await db
    .update(units)
    .set({ delegateUserId: null, updatedAt: new Date() })
    .where(and(eq(units.id, unitId), eq(units.delegateUserId, userId)));
  await db
    .update(units)
    .set({ altDelegateUserId: null, updatedAt: new Date() })
    .where(and(eq(units.id, unitId), eq(units.altDelegateUserId, userId)));
}

/** The unique index a database error violated (looking through the query error's causes), if any. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
