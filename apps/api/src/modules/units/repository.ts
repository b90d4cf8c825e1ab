import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { buildings, memberships, units } from '../../db/schema.js';

export type UnitRow = typeof units.$inferSelect;
export type UnitValues = Omit<typeof units.$inferInsert, 'id' | 'insertedAt' | 'updatedAt'>;
export interface UnitWithBuilding {
  unit: UnitRow;
  building: { id: string; name: string; timeZone: string };
  memberCount: number;
}

const memberCount = sql<number>`(select count(*)::int from ${memberships} m where m.unit_id = ${units.id})`;
const selection = {
  unit: units,
  building: { id: buildings.id, name: buildings.name, timeZone: buildings.timeZone },
  memberCount,
};

export async function findUnit(db: Executor, id: string): Promise<UnitWithBuilding | undefined> {
  const [row] = await db
    .select(selection)
    .from(units)
    .innerJoin(buildings, eq(buildings.id, units.buildingId))
    .where(eq(units.id, id))
    .limit(1);
  return row;
}

const sortColumns = { name: units.name, inserted_at: units.insertedAt } as const;

export interface UnitListOptions {
  /** Units of these buildings or with these ids (undefined: every unit, for a superadmin). */
  visible?: { buildingIds: readonly string[]; unitIds: readonly string[] };
  buildingId?: string;
  search?: string;
  sort: keyof typeof sortColumns;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listUnits(db: Executor, options: UnitListOptions) {
  const filters: (SQL | undefined)[] = [];
  if (options.visible) {
    const { buildingIds, unitIds } = options.visible;
    if (buildingIds.length === 0 && unitIds.length === 0) return { rows: [], total: 0 };
    filters.push(
      sql`(${buildingIds.length ? inArray(units.buildingId, [...buildingIds]) : sql`false`} or ${
        unitIds.length ? inArray(units.id, [...unitIds]) : sql`false`
      })`,
    );
  }
  if (options.buildingId) filters.push(eq(units.buildingId, options.buildingId));
  if (options.search)
    filters.push(sql`${units.name} ilike ${`%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = and(...filters);
  const column = sortColumns[options.sort];
  const [rows, [count]] = await Promise.all([
    db
      .select(selection)
      .from(units)
      .innerJoin(buildings, eq(buildings.id, units.buildingId))
      .where(where)
      .orderBy(options.order === 'asc' ? asc(column) : desc(column), asc(units.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(units).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function insertUnit(db: Executor, values: UnitValues): Promise<UnitRow> {
  const [row] = await db
    .insert(units)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateUnit(db: Executor, id: string, values: Partial<UnitValues>): Promise<UnitRow> {
  const [row] = await db
    .update(units)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(units.id, id))
    .returning();
  return row!;
}

export async function deleteUnit(db: Executor, id: string): Promise<void> {
  await db.delete(units).where(eq(units.id, id));
}

export async function findUnitByName(db: Executor, buildingId: string, name: string) {
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.buildingId, buildingId), sql`lower(${units.name}) = lower(${name})`))
    .limit(1);
  return row;
}

export async function findUnitByIntercomCode(db: Executor, buildingId: string, code: string) {
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .where(and(eq(units.buildingId, buildingId), eq(units.intercomCode, code)))
    .limit(1);
  return row;
}
