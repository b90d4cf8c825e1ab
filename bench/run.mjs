// `npm run bench`: measures Gatehouse's HTTP speed against a bare Fastify server measured in the same
// run on the same machine, and prints ratios (never absolute pass/fail timings).
//
// Runs on PostgreSQL: DATABASE_URL if set, else a throw-away database on the local server
// (postgres://postgres@127.0.0.1:5432). Falls back to the embedded database when none is reachable.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const adminEmail = 'bench@gatehouse.local';
const adminPassword = 'benchmark passphrase for doors 1';

async function waitFor(url, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

function start(script, env) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function prepareDatabase() {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gatehouse_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.log('PostgreSQL not reachable: benchmarking the embedded database instead.');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-'));
    return {
      env: { DATA_DIR: dataDir },
      label: 'PGlite',
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  await admin.query(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    label: 'PostgreSQL',
    drop: async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

function measure(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, connections, ...options }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${title}: ${result.non2xx} non-2xx replies, ${result.errors} errors`));
      }
      resolve({ title, rps: result.requests.average, p99: result.latency.p99, total: result.requests.total });
    });
  });
}

console.log('Building the server...');
execFileSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'ignore' });
const database = await prepareDatabase();
const basePort = 4300 + (process.pid % 500);
const baseline = start(path.join(root, 'bench/hello-fastify.mjs'), { PORT: String(basePort) });
const server = start(path.join(root, 'apps/api/dist/main.js'), {
  ...database.env,
  PORT: String(basePort + 1),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
  SECRET_KEY: 'benchmark-secret-key-0123456789-abcdefghij',
  LOGIN_MAX_FAILURES_PER_IP: '100000',
  WEB_DIST_DIR: path.join(os.tmpdir(), 'gatehouse-bench-no-web'),
});

try {
  const baseUrl = `http://127.0.0.1:${basePort + 1}`;
  await waitFor(`http://127.0.0.1:${basePort}/hello`);
  await waitFor(`${baseUrl}/health/readiness`);
  const loginBody = JSON.stringify({
    email: adminEmail,
    password: adminPassword,
    token_signature_transport: 'bearer',
  });
  const loginHeaders = { 'content-type': 'application/json', 'x-csrf-token': '1' };
  const login = await fetch(`${baseUrl}/api/v4/me/current_session`, {
    method: 'POST',
    headers: loginHeaders,
    body: loginBody,
  });
  const { access } = (await login.json()).data;

  console.log(`Measuring on ${database.label}: ${duration}s per target, ${connections} connections...`);
  const results = [];
  results.push(await measure('bare Fastify hello (baseline)', { url: `http://127.0.0.1:${basePort}/hello` }));
  results.push(await measure('GET /health/liveness', { url: `${baseUrl}/health/liveness` }));
  results.push(
    await measure('GET /api/v4/me/account (authenticated)', {
      url: `${baseUrl}/api/v4/me/account`,
      headers: { authorization: `Bearer ${access}` },
    }),
  );
  // A building with 250 doors (the list limit), created through the API.
  const authHeaders = {
    authorization: `Bearer ${access}`,
    'content-type': 'application/json',
    'x-csrf-token': '1',
  };
  const created = await fetch(`${baseUrl}/api/v4/buildings`, {
    method: 'POST',
    headers: authHeaders,
    body: JSON.stringify({ name: 'Benchmark tower' }),
  });
  const buildingId = (await created.json()).data.id;
  const doorIds = [];
  for (let i = 0; i < 250; i++) {
    const door = await fetch(`${baseUrl}/api/v4/buildings/${buildingId}/doors`, {
      method: 'POST',
      headers: authHeaders,
      body: JSON.stringify({
        name: `Door ${String(i).padStart(3, '0')}`,
        driver_config: { unlock_seconds: 600 },
      }),
    });
    doorIds.push((await door.json()).data.id);
  }
  results.push(
    await measure('GET /api/v4/buildings/{b}/doors (250 doors)', {
      url: `${baseUrl}/api/v4/buildings/${buildingId}/doors`,
      headers: { authorization: `Bearer ${access}` },
    }),
  );
  // Remote opens at 200 concurrent requests, spread over the doors (simulated driver).
  let next = 0;
  results.push(
    await measure('POST …/doors/{d}/open (200 concurrent)', {
      url: baseUrl,
      connections: 200,
      requests: [
        {
          method: 'POST',
          headers: { authorization: `Bearer ${access}`, 'x-csrf-token': '1' },
          setupRequest: (request) => ({
            ...request,
            path: `/api/v4/buildings/${buildingId}/doors/${doorIds[next++ % doorIds.length]}/open`,
          }),
        },
      ],
    }),
  );

  // Sign-in is argon2id-bound by design (19 MiB, t=2): a few connections, report its latency.
  results.push(
    await measure('POST /api/v4/me/current_session (sign-in)', {
      url: `${baseUrl}/api/v4/me/current_session`,
      method: 'POST',
      headers: loginHeaders,
      body: loginBody,
      connections: 2,
    }),
  );

  const [base] = results;
  console.log(
    `\n${'target'.padEnd(44)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'vs baseline'.padStart(14)}`,
  );
  for (const r of results) {
    const ratio = `${((r.rps / base.rps) * 100).toFixed(1)}%`;
    console.log(
      `${r.title.padEnd(44)}${r.rps.toFixed(0).padStart(10)}${String(r.p99).padStart(10)}${ratio.padStart(14)}`,
    );
  }
  const account = results[2];
  const share = account.rps / base.rps;
  console.log(
    `\nTarget: authenticated GET /me/account >= 40% of the bare Fastify baseline. Measured: ${(share * 100).toFixed(1)}% ` +
      `(${share >= 0.4 ? 'met' : 'NOT met'}).`,
  );
  const open = results.find((r) => r.title.startsWith('POST …/doors'));
  console.log(
    `Target: p99 of a door open under 50 ms at 200 concurrent requests. Measured: ${open.p99} ms ` +
      `(${open.p99 < 50 ? 'met' : 'NOT met'}).`,
  );
} finally {
  baseline.kill('SIGTERM');
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop();
}
