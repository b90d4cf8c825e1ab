import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/client.js';

/**
 * A fresh, migrated database for one test file: a copy of the run's template, on PGlite by
 * default or on PostgreSQL when DATABASE_URL is set. Closing it drops it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const postgresTemplate = inject('postgresTemplate');
  if (postgresTemplate) {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `gatehouse_test_${process.ppid}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${postgresTemplate}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openPostgres({ url: url.toString(), poolMax: 5, connectTimeoutMs: 5000 });
    return {
      ...handle,
      url: url.toString(),
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const templateFile = inject('pgliteTemplateFile');
  return openPglite({ loadDataDir: new Blob([fs.readFileSync(templateFile)]) });
}
