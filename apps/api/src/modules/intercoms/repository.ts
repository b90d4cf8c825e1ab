import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { intercoms } from '../../db/schema.js';

export type IntercomRow = typeof intercoms.$inferSelect;
export type IntercomValues = Omit<typeof intercoms.$inferInsert, 'id' | 'insertedAt' | 'updatedAt'>;

export async function findIntercomByDoor(db: Executor, doorId: string): Promise<IntercomRow | undefined> {
  const [row] = await db.select().from(intercoms).where(eq(intercoms.doorId, doorId)).limit(1);
  return row;
}

export async function findIntercomByEmail(db: Executor, email: string): Promise<IntercomRow | undefined> {
  const [row] = await db
    .select()
    .from(intercoms)
    .where(sql`lower(${intercoms.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertIntercom(db: Executor, values: IntercomValues): Promise<IntercomRow> {
  const [row] = await db
    .insert(intercoms)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateIntercom(
  db: Executor,
  id: string,
  values: Partial<IntercomValues>,
): Promise<IntercomRow> {
  const [row] = await db
    .update(intercoms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(intercoms.id, id))
    .returning();
  return row!;
}

export async function deleteIntercom(db: Executor, id: string): Promise<void> {
  await db.delete(intercoms).where(eq(intercoms.id, id));
}
