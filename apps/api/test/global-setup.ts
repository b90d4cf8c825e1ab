import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';

const here = path.dirname(fileURLToPath(import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database per test run; each test file starts from a copy of it.
 * PGlite: a dumped data folder (loading it takes well under a second, initdb takes seconds).
 * PostgreSQL (when DATABASE_URL is set): `CREATE DATABASE … TEMPLATE …`, which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `gatehouse_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const template = await openPostgres({ url: url.toString(), poolMax: 1, connectTimeoutMs: 5000 });
    await template.migrate();
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplateFile', '');
    return async () => {
      // Drop the template and any database a crashed test file left behind.
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`gatehouse_test_${process.pid}_%`],
      );
      for (const row of leftovers.rows)
        await admin.query(`drop database if exists "${row.datname}" with (force)`);
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }

  const template = await openPglite({});
  await template.migrate();
  const dump = await template.pglite!.dumpDataDir('none');
  await template.close();
  const dir = path.join(here, '../.test-data');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', '');
  return () => fs.rmSync(file, { force: true });
}
