import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { buildings, units, visitors } from '../../db/schema.js';

export type VisitorRow = typeof visitors.$inferSelect;
export type VisitorValues = Omit<
  typeof visitors.$inferInsert,
  'id' | 'linkUuid' | 'insertedAt' | 'updatedAt'
>;

/** A unit's visitors, the latest visit first. */
export async function listVisitors(db: Executor, unitId: string): Promise<VisitorRow[]> {
  return db
    .select()
    .from(visitors)
    .where(eq(visitors.unitId, unitId))
    .orderBy(desc(visitors.validFrom), desc(visitors.id));
}

/** A visitor of the unit; an id of another unit's visitor is not found. */
export async function findVisitor(
  db: Executor,
  unitId: string,
  visitorId: string,
): Promise<VisitorRow | undefined> {
  const [row] = await db
    .select()
    .from(visitors)
    .where(and(eq(visitors.id, visitorId), eq(visitors.unitId, unitId)))
    .limit(1);
  return row;
}

/** The visitor whose personal link holds this uuid, with their unit and its building. */
export async function findVisitorByLink(db: Executor, linkUuid: string) {
  const [row] = await db
    .select({
      visitor: visitors,
      unit: { id: units.id, name: units.name },
      building: { id: buildings.id, name: buildings.name, timeZone: buildings.timeZone },
    })
    .from(visitors)
    .innerJoin(units, eq(units.id, visitors.unitId))
    .innerJoin(buildings, eq(buildings.id, units.buildingId))
    .where(eq(visitors.linkUuid, linkUuid))
    .limit(1);
  return row;
}

/**
 * Inserts visitors in one statement, each with a fresh random (version 4) link uuid: 122 random
 * bits, where a time-ordered id would be partly guessable.
 */
export async function insertVisitors(db: Executor, values: VisitorValues[]): Promise<VisitorRow[]> {
  if (values.length === 0) return [];
  const rows = values.map((value) => ({ id: newId(), linkUuid: crypto.randomUUID(), ...value }));
  const inserted = new Map((await db.insert(visitors).values(rows).returning()).map((row) => [row.id, row]));
  return rows.map((row) => inserted.get(row.id)!);
}

export async function updateVisitor(
  db: Executor,
  id: string,
  values: Partial<VisitorValues>,
): Promise<VisitorRow> {
  const [row] = await db
    .update(visitors)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(visitors.id, id))
    .returning();
  return row!;
}

export async function deleteVisitor(db: Executor, id: string): Promise<void> {
  await db.delete(visitors).where(eq(visitors.id, id));
}
