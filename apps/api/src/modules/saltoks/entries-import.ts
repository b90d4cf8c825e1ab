import type { BuildingEvent } from '@gatehouse/core';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { DatabaseHandle } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { buildings, doorLogs, doors } from '../../db/schema.js';
import type { SaltoKsEntry } from './client.js';

/** On the first import of a building, entries this far back are read. */
const FIRST_IMPORT_MS = 24 * 60 * 60 * 1000;
/** At most this many entries per building per run; the next run carries on from the cursor. */
const ENTRIES_PER_RUN = 1000;
const DEFAULT_EVERY_MS = 60_000;

export interface ImportReport {
  buildings: number;
  read: number;
  inserted: number;
  failed: number;
}

/**
 * Imports the Salto KS entries (openings and refusals at the locks) of every building linked to a
 * site into its door log (decision 008): from `saltoks_entries_synced_until` on, one row per entry
 * of a lock a door uses, `external_id` = the entry's id so a re-import inserts nothing, then the
 * cursor moves to the newest entry read. New rows are announced on the live stream. One process at
 * a time (an advisory lock); a building whose import fails is reported and retried next run.
 */
export async function importSaltoKsEntries(
  ctx: Pick<AppContext, 'database' | 'db' | 'saltoks' | 'events'>,
  log?: FastifyBaseLogger,
  now = new Date(),
): Promise<ImportReport | undefined> {
  if (!ctx.saltoks.configured) return undefined;
  return withImportLock(ctx.database, async () => {
    const report: ImportReport = { buildings: 0, read: 0, inserted: 0, failed: 0 };
    const linked = await ctx.db
      .select({
        id: buildings.id,
        siteId: buildings.saltoksSiteId,
        syncedUntil: buildings.saltoksEntriesSyncedUntil,
      })
      .from(buildings)
      .where(isNotNull(buildings.saltoksSiteId));
    for (const building of linked) {
      report.buildings += 1;
      try {
        const since = building.syncedUntil ?? new Date(now.getTime() - FIRST_IMPORT_MS);
        const entries = await ctx.saltoks.listEntries(building.siteId!, since, { limit: ENTRIES_PER_RUN });
        report.read += entries.length;
        report.inserted += await recordEntries(ctx, building.id, entries);
      } catch (error) {
        report.failed += 1;
        log?.warn({ err: error, buildingId: building.id }, 'Salto KS entries import failed');
      }
    }
    return report;
  });
}

/** Writes one building's entries and moves its cursor, in one transaction; announces the new rows. */
async function recordEntries(
  ctx: Pick<AppContext, 'db' | 'events'>,
  buildingId: string,
  entries: SaltoKsEntry[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const newest = new Date(Math.max(...entries.map((entry) => Date.parse(entry.date))));
  const doorOfLock = new Map(
    (
      await ctx.db
        .select({ id: doors.id, lockId: sql<string | null>`${doors.driverConfig}->>'lock_id'` })
        .from(doors)
        .where(and(eq(doors.buildingId, buildingId), eq(doors.driver, 'saltoks')))
    ).map((door) => [door.lockId, door.id]),
  );
  const rows = entries.flatMap((entry) => {
    const doorId = entry.lock_id ? doorOfLock.get(entry.lock_id) : undefined;
    // Remote openings through the API are Gatehouse's own, already logged with the person.
    if (!doorId || entry.open_type === 'api') return [];
    return [
      {
        id: newId(),
        buildingId,
        doorId,
        occurredAt: new Date(entry.date),
        actorType: 'provider' as const,
        method: 'provider' as const,
        result: entry.success ? ('opened' as const) : ('refused' as const),
        reason: describeEntry(entry),
        externalId: entry.id,
      },
    ];
  });

  const inserted = await ctx.db.transaction(async (tx) => {
    const written =
      rows.length === 0
        ? []
        : await tx
            .insert(doorLogs)
            .values(rows)
            .onConflictDoNothing({
              target: [doorLogs.buildingId, doorLogs.externalId],
              where: sql`${doorLogs.externalId} is not null`,
            })
            .returning({
              id: doorLogs.id,
              doorId: doorLogs.doorId,
              result: doorLogs.result,
              occurredAt: doorLogs.occurredAt,
            });
    // Never backwards: another run may have moved it further meanwhile.
    await tx
      .update(buildings)
      .set({
        saltoksEntriesSyncedUntil: sql`greatest(${buildings.saltoksEntriesSyncedUntil}, ${newest.toISOString()}::timestamptz)`,
      })
      .where(eq(buildings.id, buildingId));
    return written;
  });

  if (inserted.length > 0) {
    const events: BuildingEvent[] = inserted.map((row) => ({
      type: 'door_opened',
      building_id: buildingId,
      door_id: row.doorId!,
      door_log_id: row.id,
      result: row.result,
      method: 'provider',
      user_id: null,
      visitor_id: null,
      occurred_at: row.occurredAt.toISOString(),
    }));
    await ctx.events.publish(...events);
  }
  return inserted.length;
}

/** "Salto KS key by Jane Doe": how and by whom, for the log's reason column. */
function describeEntry(entry: SaltoKsEntry): string {
  const name = [entry.user?.first_name, entry.user?.last_name].filter(Boolean).join(' ');
  return `Salto KS ${entry.open_type ?? 'entry'}${name ? ` by ${name}` : ''}`;
}

/**
 * One importing process at a time. On PostgreSQL a session-level advisory lock on a connection held
 * for the run (not a transaction: the run waits on Salto KS, and a transaction held that long would
 * keep its row locks); on PGlite the server is the only process on its data folder already.
 */
async function withImportLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T | undefined> {
  if (!database.pool) return work();
  const client = await database.pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock(hashtext('gatehouse_saltoks_entries')) as locked",
    );
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('gatehouse_saltoks_entries'))");
    }
  } finally {
    client.release();
  }
}

/** Runs the import every minute while the server runs, when Salto KS is configured. */
export function scheduleSaltoKsImport(
  ctx: Pick<AppContext, 'database' | 'db' | 'saltoks' | 'events'>,
  log: FastifyBaseLogger,
  everyMs = DEFAULT_EVERY_MS,
): () => void {
  if (!ctx.saltoks.configured) return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await importSaltoKsEntries(ctx, log);
      if (report?.inserted) log.info({ report }, 'Salto KS entries imported');
    } catch (error) {
      log.error({ err: error }, 'Salto KS entries import failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
