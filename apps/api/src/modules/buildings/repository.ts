import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { buildings, doors, units } from '../../db/schema.js';

export type BuildingRow = typeof buildings.$inferSelect;
export type BuildingValues = Omit<typeof buildings.$inferInsert, 'id' | 'insertedAt' | 'updatedAt'>;

const sortColumns = {
  name: buildings.name,
  city: buildings.city,
  inserted_at: buildings.insertedAt,
} as const;

export interface BuildingListOptions {
  /** Only these buildings; undefined means every building (a superadmin). */
  ids?: readonly string[];
  search?: string;
  sort: keyof typeof sortColumns;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listBuildings(
  db: Executor,
  options: BuildingListOptions,
): Promise<{ rows: BuildingRow[]; total: number }> {
  if (options.ids?.length === 0) return { rows: [], total: 0 };
  const filters: (SQL | undefined)[] = [options.ids ? inArray(buildings.id, [...options.ids]) : undefined];
  if (options.search) {
    const pattern = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      sql`(${buildings.name} ilike ${pattern} or ${buildings.city} ilike ${pattern} or ${buildings.address} ilike ${pattern})`,
    );
  }
  const where = and(...filters);
  const column = sortColumns[options.sort];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(buildings)
      .where(where)
      .orderBy(options.order === 'asc' ? asc(column) : desc(column), asc(buildings.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(buildings).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findBuilding(db: Executor, id: string): Promise<BuildingRow | undefined> {
  const [row] = await db.select().from(buildings).where(eq(buildings.id, id)).limit(1);
  return row;
}

export async function insertBuilding(db: Executor, values: BuildingValues): Promise<BuildingRow> {
  const [row] = await db
    .insert(buildings)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateBuilding(
  db: Executor,
  id: string,
  values: Partial<BuildingValues>,
): Promise<BuildingRow> {
  const [row] = await db
    .update(buildings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(buildings.id, id))
    .returning();
  return row!;
}

export async function countUnitsAndDoors(db: Executor, buildingId: string) {
  const [row] = await queryRows<{ units: number; doors: number }>(
    db,
    sql`select (select count(*)::int from ${units} where ${units.buildingId} = ${buildingId}) as units,
               (select count(*)::int from ${doors} where ${doors.buildingId} = ${buildingId}) as doors`,
  );
  return row!;
}

/**
 * Deletes a building. Units and doors hold it by a restricting foreign key, so with `cascade` they go
 * first (their schedules, memberships, visitors and intercoms follow by cascade); the caller runs
 * this in a transaction so nothing is half deleted.
 */
export async function deleteBuilding(db: Executor, buildingId: string, cascade: boolean): Promise<void> {
  if (cascade) {
    await db.delete(doors).where(eq(doors.buildingId, buildingId));
    await db.delete(units).where(eq(units.buildingId, buildingId));
  }
  await db.delete(buildings).where(eq(buildings.id, buildingId));
}

export type DoorCounts = Record<'locked' | 'unlocked' | 'offline' | 'error' | 'unknown', number> & {
  total: number;
};

/** Doors per status for each building: the dashboard's status at a glance, in one query. */
export async function doorSummaries(db: Executor, buildingIds: string[]): Promise<Map<string, DoorCounts>> {
  const summaries = new Map<string, DoorCounts>(
    buildingIds.map((id) => [id, { total: 0, locked: 0, unlocked: 0, offline: 0, error: 0, unknown: 0 }]),
  );
  if (buildingIds.length === 0) return summaries;
  const rows = await db
    .select({ buildingId: doors.buildingId, status: doors.status, count: sql<number>`count(*)::int` })
    .from(doors)
    .where(inArray(doors.buildingId, buildingIds))
    .groupBy(doors.buildingId, doors.status);
  for (const row of rows) {
    const summary = summaries.get(row.buildingId)!;
    summary[row.status] += row.count;
    summary.total += row.count;
  }
  return summaries;
}

const kindOf = { door_logs: 'door_log', calls: 'call' } as const;

/**
 * Rows of an activity table per building since the start of today in each building's own time
 * zone, from the 15-minute counts (activity_counts), so the cost does not grow with the history.
 */
export async function countToday(
  db: Executor,
  table: 'door_logs' | 'calls',
  buildingIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(buildingIds.map((id) => [id, 0]));
  if (buildingIds.length === 0) return counts;
  const rows = await queryRows<{ building_id: string; count: number }>(
    db,
    sql`select b.id as building_id, sum(a.count)::int as count
          from ${buildings} b
          join activity_counts a
            on a.building_id = b.id
           and a.kind = ${kindOf[table]}
           and a.bucket >= (date_trunc('day', now() at time zone b.time_zone) at time zone b.time_zone)
         where b.id in (${sql.join(
           buildingIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
         group by b.id`,
  );
  for (const row of rows) counts.set(row.building_id, row.count);
  return counts;
}

/** Rows per calendar day (building time zone) between two dates, both included, from the 15-minute counts. */
export async function countPerDay(
  db: Executor,
  table: 'door_logs' | 'calls',
  building: { id: string; timeZone: string },
  from: string,
  to: string,
): Promise<{ date: string; count: number }[]> {
  return queryRows<{ date: string; count: number }>(
    db,
    sql`select to_char((bucket at time zone ${building.timeZone})::date, 'YYYY-MM-DD') as date,
               sum(count)::int as count
          from activity_counts
         where building_id = ${building.id}
           and kind = ${kindOf[table]}
           and bucket >= (${from}::date::timestamp at time zone ${building.timeZone})
           and bucket < ((${to}::date + 1)::timestamp at time zone ${building.timeZone})
         group by 1
         order by 1`,
  );
}

/** The building columns that link a building to a building or site at an outside provider. */
type ProviderLinkColumn = typeof buildings.koneBuildingId | typeof buildings.saltoksSiteId;

/**
 * Whether one of `buildingIds` (the buildings the caller manages) is linked through `column` to one
 * of `linkedIds`: a provider resource may only be looked at by someone managing a building it serves.
 * Several ids are taken because one resource may be stored in more than one spelling (KONE ids with
 * or without "building:").
 */
export async function isLinkedToAnyBuilding(
  db: Executor,
  column: ProviderLinkColumn,
  linkedIds: readonly string[],
  buildingIds: readonly string[],
): Promise<boolean> {
  if (buildingIds.length === 0 || linkedIds.length === 0) return false;
  const [row] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(inArray(buildings.id, [...buildingIds]), inArray(column, [...linkedIds])))
    .limit(1);
  return row !== undefined;
}
