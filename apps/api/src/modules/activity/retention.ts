import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { queryRows } from '../../db/client.js';

const batchSize = 10_000;
const everyMs = 60 * 60 * 1000;
const tables = [
  { table: 'door_logs', time: 'occurred_at', setting: 'doorLogs' },
  { table: 'calls', time: 'started_at', setting: 'calls' },
] as const;

/**
 * Deletes activity older than the configured retention (DOOR_LOG_RETENTION_DAYS,
 * CALL_RETENTION_DAYS; 0 keeps everything), in batches so no statement locks much at once. A
 * transaction-scoped advisory lock lets one process work at a time when several share a database.
 * Returns how many rows went, per table.
 */
export async function applyRetention(ctx: Pick<AppContext, 'db' | 'config'>, now = new Date()) {
  const deleted: Record<string, number> = {};
  for (const { table, time, setting } of tables) {
    const days = ctx.config.retentionDays[setting];
    deleted[table] = 0;
    if (days <= 0) continue;
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    for (;;) {
      const removed = await ctx.db.transaction(async (tx) => {
        const [lock] = await queryRows<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(hashtext('gatehouse_retention')) as locked`,
        );
        if (!lock?.locked) return 0;
        const rows = await queryRows<{ id: string }>(
          tx,
          sql`delete from ${sql.raw(table)} where id in (
                select id from ${sql.raw(table)} where ${sql.raw(time)} < ${cutoff}::timestamptz limit ${batchSize}
              ) returning id`,
        );
        return rows.length;
      });
      deleted[table] += removed;
      if (removed < batchSize) break;
    }
  }
  return deleted;
}

/** Runs the retention every hour (and once shortly after start) while the server runs. */
export function scheduleRetention(
  ctx: Pick<AppContext, 'db' | 'config'>,
  log: FastifyBaseLogger,
): () => void {
  const { doorLogs, calls } = ctx.config.retentionDays;
  if (doorLogs <= 0 && calls <= 0) return () => {};
  const run = () =>
    applyRetention(ctx)
      .then((deleted) => log.info({ deleted }, 'activity retention applied'))
      .catch((error) => log.error({ err: error }, 'activity retention failed'));
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
