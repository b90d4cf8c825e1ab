// `npm run bench:activity`: the activity lists at scale. Seeds 10 million door log rows and 2 million
// calls in a throw-away PostgreSQL database (generate_series, indexes built after the load), starts
// Gatehouse on it, and measures each API call against the same SQL run directly in the same run:
// latency percentiles of sequential calls, and the CSV export's rows per second and memory.
//
// DATABASE_URL points at the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
// BENCH_DOOR_LOGS and BENCH_CALLS change the sizes (for a quicker look).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const doorLogCount = Number(process.env.BENCH_DOOR_LOGS ?? 10_000_000);
const callCount = Number(process.env.BENCH_CALLS ?? 2_000_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 200);
const adminEmail = 'bench@gatehouse.local';
const adminPassword = 'benchmark passphrase for doors 1';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `gatehouse_bench_activity_${process.pid}`;
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(2)} ms`;

async function timeSequential(run) {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const times = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

async function waitFor(url) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
}

console.log('Building the server...');
execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'ignore' });

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const port = 4800 + (process.pid % 100);
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  env: {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    SECRET_KEY: 'benchmark-secret-key-0123456789-abcdefghij',
    WEB_DIST_DIR: path.join(os.tmpdir(), 'gatehouse-bench-no-web'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const db = new pg.Client({ connectionString: dbUrl.toString() });

try {
  const api = `http://127.0.0.1:${port}/api/v4`;
  await waitFor(`http://127.0.0.1:${port}/health/readiness`);
  await db.connect();
  const login = await fetch(`${api}/me/current_session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': '1' },
    body: JSON.stringify({ email: adminEmail, password: adminPassword, token_signature_transport: 'bearer' }),
  });
  const { access } = (await login.json()).data;
  const auth = { authorization: `Bearer ${access}` };
  const writeHeaders = { ...auth, 'content-type': 'application/json', 'x-csrf-token': '1' };
  const building = (
    await (
      await fetch(`${api}/buildings`, {
        method: 'POST',
        headers: writeHeaders,
        body: JSON.stringify({ name: 'Tower' }),
      })
    ).json()
  ).data;
  for (let i = 0; i < 20; i++) {
    await fetch(`${api}/buildings/${building.id}/doors`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({ name: `Door ${String(i).padStart(2, '0')}` }),
    });
  }

  console.log(
    `Seeding ${doorLogCount.toLocaleString()} door log rows and ${callCount.toLocaleString()} calls...`,
  );
  const seedStart = Date.now();
  await db.query(`insert into users (id, email, first_name, last_name)
                  select gen_random_uuid(), 'resident' || i || '@example.com', 'Resident', 'No ' || i
                    from generate_series(1, 1000) as i`);
  const indexes = (
    await db.query(
      `select indexname, indexdef from pg_indexes where tablename in ('door_logs', 'calls') and indexname not like '%pkey'`,
    )
  ).rows;
  for (const index of indexes) await db.query(`drop index "${index.indexname}"`);
  await db.query(`alter table door_logs set unlogged`);
  await db.query(`alter table calls set unlogged`);
  await db.query(
    `insert into door_logs (id, building_id, door_id, occurred_at, actor_type, user_id, method, result, reason)
     select gen_random_uuid(), $1, doors.ids[1 + i % 20], now() - (i * interval '3 seconds'), 'user',
            users.ids[1 + (i * 7) % 1000],
            (array['dashboard','webapp','webapp','webapp','visitor_link','intercom','pincode'])[1 + i % 7],
            case when i % 20 = 0 then 'refused' when i % 33 = 0 then 'failed' else 'opened' end,
            case when i % 20 = 0 then 'outside_schedule: bench' when i % 33 = 0 then 'offline: bench' end
       from generate_series(1, $2) as i,
            (select array_agg(id order by name) as ids from doors where building_id = $1) as doors,
            (select array_agg(id) as ids from users) as users`,
    [building.id, doorLogCount],
  );
  await db.query(
    `insert into calls (id, building_id, door_id, started_at, answered_at, ended_at, status, duration_seconds, door_opened)
     select gen_random_uuid(), $1, doors.ids[1 + i % 20], now() - (i * interval '15 seconds'),
            case when i % 4 <> 0 then now() - (i * interval '15 seconds') + interval '5 seconds' end,
            now() - (i * interval '15 seconds') + interval '40 seconds',
            case when i % 4 = 0 then 'missed' else 'answered' end,
            case when i % 4 <> 0 then 35 end, i % 4 = 1
       from generate_series(1, $2) as i,
            (select array_agg(id order by name) as ids from doors where building_id = $1) as doors`,
    [building.id, callCount],
  );
  await db.query(`alter table door_logs set logged`);
  await db.query(`alter table calls set logged`);
  for (const index of indexes) await db.query(index.indexdef);
  await db.query('analyze door_logs');
  await db.query('analyze calls');
  console.log(`Seeded in ${((Date.now() - seedStart) / 1000).toFixed(0)} s.`);

  const door = (
    await db.query(`select id from doors where building_id = $1 order by name offset 7 limit 1`, [
      building.id,
    ])
  ).rows[0].id;
  // A cursor half way down the log: the deep page.
  const middle = (
    await db.query(
      `select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
         from door_logs where building_id = $1 order by occurred_at desc, id desc offset $2 limit 1`,
      [building.id, Math.floor(doorLogCount / 2)],
    )
  ).rows[0];
  const deepCursor = Buffer.from(JSON.stringify([middle.at, middle.id])).toString('base64url');

  // The SQL of one page exactly as the server runs it (modules/activity/repository.ts): the baseline.
  const pageSql = (extra) => `
    select dl.id, to_char(dl.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at, dl.occurred_at,
           dl.door_id, d.name as door_name, dl.actor_type,
           dl.user_id, u.first_name as user_first_name, u.last_name as user_last_name, u.email as user_email,
           dl.visitor_id, v.name as visitor_name, dl.intercom_id, i.name as intercom_name,
           dl.unit_id, un.name as unit_name, dl.method, dl.result, dl.reason
      from door_logs dl
      left join doors d on d.id = dl.door_id
      left join users u on u.id = dl.user_id
      left join visitors v on v.id = dl.visitor_id
      left join intercoms i on i.id = dl.intercom_id
      left join units un on un.id = dl.unit_id
     where dl.building_id = $1 ${extra}
     order by dl.occurred_at desc nulls last, dl.id desc nulls last limit 51`;

  const cases = [
    { name: 'first page', path: '', sql: pageSql(''), params: [building.id] },
    {
      name: 'deep cursor page (half way)',
      path: `cursor=${deepCursor}`,
      sql: pageSql(`and (dl.occurred_at, dl.id) < ($2::timestamptz, $3::uuid)`),
      params: [building.id, middle.at, middle.id],
    },
    {
      name: 'first page, one door',
      path: `door_id=${door}`,
      sql: pageSql('and dl.door_id = $2'),
      params: [building.id, door],
    },
    {
      name: 'deep page, one door',
      path: `door_id=${door}&cursor=${deepCursor}`,
      sql: pageSql(`and dl.door_id = $2 and (dl.occurred_at, dl.id) < ($3::timestamptz, $4::uuid)`),
      params: [building.id, door, middle.at, middle.id],
    },
    {
      name: 'first page, refused only',
      path: 'result=refused',
      sql: pageSql(`and dl.result = 'refused'`),
      params: [building.id],
    },
  ];

  // The floor of any API call in this set-up: an authenticated call that touches no table.
  const floor = await timeSequential(async () => {
    await (await fetch(`${api}/me/account`, { headers: auth })).arrayBuffer();
  });
  console.log(`HTTP floor (authenticated GET /me/account, sequential): p95 ${ms(floor.p95)}`);

  const rows = [];
  for (const entry of cases) {
    const apiTime = await timeSequential(async () => {
      const response = await fetch(`${api}/buildings/${building.id}/door_logs?${entry.path}`, {
        headers: auth,
      });
      if (!response.ok) throw new Error(`${entry.name}: ${response.status}`);
      await response.arrayBuffer();
    });
    // The baseline: the same SQL sent as a client would, parsed and planned each time. Prepared
    // (planned once, as the server does) it is shown too, for what the database alone needs.
    const sqlTime = await timeSequential(() => db.query(entry.sql, entry.params));
    const preparedTime = await timeSequential(() =>
      db.query({ name: `bench_${rows.length}`, text: entry.sql, values: entry.params }),
    );
    rows.push({
      name: `door_logs: ${entry.name}`,
      api: apiTime,
      sql: sqlTime,
      prepared: preparedTime,
      target: 20,
    });
  }

  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const statsTime = await timeSequential(async () => {
    const response = await fetch(
      `${api}/buildings/${building.id}/statistics/door_logs?from=${monthAgo}&to=${today}`,
      {
        headers: auth,
      },
    );
    await response.arrayBuffer();
  });
  const statsSql = await timeSequential(() =>
    db.query(
      `select to_char((occurred_at at time zone 'Europe/Amsterdam')::date, 'YYYY-MM-DD') as date, count(*)::int
         from door_logs where building_id = $1
          and occurred_at >= ($2::date::timestamp at time zone 'Europe/Amsterdam')
          and occurred_at < (($3::date + 1)::timestamp at time zone 'Europe/Amsterdam')
        group by 1 order by 1`,
      [building.id, monthAgo, today],
    ),
  );
  // Its baseline counts door_logs directly; the server reads the 15-minute counts (activity_counts).
  rows.push({ name: 'statistics, 30 days (SQL: raw count)', api: statsTime, sql: statsSql, target: 50 });

  // CSV export of 100,000 rows: the newest 100,000 (3 seconds apart: 300,000 s back).
  const exportFrom = new Date(Date.now() - 100_000 * 3_000 + 1500).toISOString();
  const rss = [];
  const sampler = setInterval(() => rss.push(rssOf(server.pid)), 100);
  const exportStart = Date.now();
  const exported = await fetch(
    `${api}/buildings/${building.id}/door_logs.csv?from=${encodeURIComponent(exportFrom)}`,
    {
      headers: auth,
    },
  );
  let lines = 0;
  for await (const chunk of exported.body.pipeThrough(new TextDecoderStream()))
    lines += chunk.split('\n').length - 1;
  const exportSeconds = (Date.now() - exportStart) / 1000;
  clearInterval(sampler);
  const exportRows = lines - 1;
  const rawStart = Date.now();
  let rawRows = 0;
  let cursorAt;
  let cursorId;
  for (;;) {
    const batch = await db.query(
      `${pageSql(
        `and dl.occurred_at >= $2 ${cursorAt ? 'and (dl.occurred_at, dl.id) < ($3::timestamptz, $4::uuid)' : ''}`,
      )
        .replace('limit 51', 'limit 5000')
        .replace(
          'select dl.id,',
          'select dl.id, to_char(dl.occurred_at at time zone \'UTC\', \'YYYY-MM-DD"T"HH24:MI:SS.US"Z"\') as at,',
        )}`,
      cursorAt ? [building.id, exportFrom, cursorAt, cursorId] : [building.id, exportFrom],
    );
    rawRows += batch.rows.length;
    if (batch.rows.length < 5000) break;
    cursorAt = batch.rows.at(-1).cursor_at;
    cursorId = batch.rows.at(-1).id;
  }
  const rawSeconds = (Date.now() - rawStart) / 1000;

  console.log(
    `\n${'call'.padEnd(40)}${'API p95'.padStart(12)}${'SQL p95'.padStart(12)}${'ratio'.padStart(8)}${'target'.padStart(10)}`,
  );
  for (const row of rows) {
    const ratio = row.api.p95 / row.sql.p95;
    const met = row.api.p95 < row.target && (row.target === 50 || ratio <= 2);
    console.log(
      `${row.name.padEnd(40)}${ms(row.api.p95).padStart(12)}${ms(row.sql.p95).padStart(12)}${ratio.toFixed(2).padStart(8)}${`${met ? 'met' : 'NOT met'}`.padStart(10)}${(row.prepared ? ms(row.prepared.p95) : '').padStart(18)}`,
    );
  }
  console.log(
    `\nCSV export: ${exportRows.toLocaleString()} rows in ${exportSeconds.toFixed(2)} s = ${Math.round(exportRows / exportSeconds).toLocaleString()} rows/s ` +
      `(raw keyset walk: ${Math.round(rawRows / rawSeconds).toLocaleString()} rows/s; target 50,000: ${exportRows / exportSeconds >= 50_000 ? 'met' : 'NOT met'}).`,
  );
  console.log(
    `Server memory during the export: ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MiB RSS over ${rss.length} samples.`,
  );
  console.log('Targets: every page p95 < 20 ms and within 2x of its SQL; statistics p95 < 50 ms.');
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await db.end().catch(() => {});
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
}
