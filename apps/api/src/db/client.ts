import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { apiPackageRoot } from '../package-root.js';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or a transaction: repositories accept either so callers can compose transactions. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'> &
  Partial<Pick<Database, '$count' | 'query'>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; used by the readiness probe. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Subscribes to a NOTIFY channel. `onGap` runs when notifications may have been missed (the
   * listening connection was lost and re-established), so subscribers can drop what they cached.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Runs a read with a prepared statement that PostgreSQL plans once per connection and text (the
   * statement is named after a hash of its SQL). For hot, many-join reads whose planning costs more
   * than their execution (the activity lists). PGlite runs it as a plain query.
   */
  prepared<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Sends notifications on a channel, in one round trip (delivered to every listening process, this one included). */
  notify(channel: string, payloads: string[]): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance, for tests that dump or load a data folder. */
  pglite?: PGlite;
  /** The node-postgres pool, for LISTEN/NOTIFY clients. */
  pool?: pg.Pool;
}

export const migrationsFolder = path.join(apiPackageRoot, 'drizzle');

// DATE and TIME stay strings ("2026-11-22", "23:59:00"): a JS Date would shift them by time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface PostgresOptions {
  url: string;
  poolMax: number;
  connectTimeoutMs: number;
}

export async function openPostgres(options: PostgresOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: 'gatehouse',
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    listen: (channel, onMessage, onGap) => listenPostgres(options, channel, onMessage, onGap),
    notify: async (channel, payloads) => {
      await pool.query(notifyStatement(payloads.length), [channel, ...payloads]);
    },
    prepared: async <T extends Record<string, unknown>>(query: SQL) => {
      const { sql: text, params } = dialect.sqlToQuery(query);
      const name = `gh_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      return (await pool.query<T>({ name, text, values: params })).rows;
    },
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own, outside the pool. When it drops, it reconnects with a
 * growing delay and reports the gap.
 */
async function listenPostgres(
  options: PostgresOptions,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryDelayMs = 500;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: options.connectTimeoutMs,
    });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped) return;
      onGap?.();
      setTimeout(() => void reconnect(), retryDelayMs).unref();
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
    retryDelayMs = 500;
  };
  const reconnect = async () => {
    if (stopped) return;
    try {
      await connect();
      onGap?.();
    } catch {
      retryDelayMs = Math.min(retryDelayMs * 2, 30_000);
      setTimeout(() => void reconnect(), retryDelayMs).unref();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** `select pg_notify($1, $2), pg_notify($1, $3), …` for `count` payloads. */
function notifyStatement(count: number): string {
  return `select ${Array.from({ length: count }, (_, i) => `pg_notify($1, $${i + 2})`).join(', ')}`;
}

export interface PgliteOptions {
  /** A folder for a durable database, or undefined for an in-memory one. */
  dataDir?: string;
  /** A dumped data folder to start from (tests load a migrated template this way). */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOptions): Promise<DatabaseHandle> {
  const releaseLock = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  try {
    const client = await PGlite.create(options.dataDir ? path.join(options.dataDir, 'pglite') : undefined, {
      loadDataDir: options.loadDataDir,
    });
    const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      pglite: client,
      ping: async () => {
        await client.query('select 1');
      },
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      listen: async (channel, onMessage) => {
        const unlisten = await client.listen(channel, onMessage);
        return () => unlisten();
      },
      notify: async (channel, payloads) => {
        await client.query(notifyStatement(payloads.length), [channel, ...payloads]);
      },
      prepared: async <T extends Record<string, unknown>>(query: SQL) => {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return (await client.query<T>(text, params)).rows;
      },
      close: async () => {
        await client.close();
        await releaseLock?.();
      },
    };
  } catch (error) {
    await releaseLock?.();
    throw error;
  }
}

export function openDatabase(config: {
  databaseUrl?: string;
  databasePoolMax: number;
  databaseConnectTimeoutMs: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openPostgres({
      url: config.databaseUrl,
      poolMax: config.databasePoolMax,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
    });
  }
  return openPglite({ dataDir: config.dataDir });
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `execute` with `{rows}`, but Drizzle's
 * shared type cannot say so; this is the one place that knows.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The current database time; handy for tests and for code that must agree with SQL `now()`. */
export async function databaseNow(db: Executor): Promise<Date> {
  const [row] = await queryRows<{ now: Date | string }>(db, sql`select now() as now`);
  return new Date(row!.now);
}
