import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeKone } from '../apps/api/test/fakes/kone';
import { startFakeSaltoKs } from '../apps/api/test/fakes/saltoks';
import { port } from './playwright.config';

const here = path.dirname(fileURLToPath(import.meta.url));
export const stateFile = path.join(here, '.e2e-state.json');

export interface E2eState {
  baseUrl: string;
  adminEmail: string;
  /** The password the server printed on its first start. */
  adminPassword: string;
  /** Everything the server printed to stdout before it was ready. */
  firstStartOutput: string;
  /** The password of the demo accounts (`npm run db:seed -- --demo`). */
  demoPassword: string;
}

/** Demo accounts, one per test file that changes its account, so files do not disturb each other. */
export const demo = {
  buildingManager: 'manager@demo.gatehouse.local',
  unitManager: 'anna@demo.gatehouse.local',
  member: 'bob@demo.gatehouse.local',
  inviteMember: 'carol@demo.gatehouse.local',
  otherMember: 'dave@demo.gatehouse.local',
  otherManager: 'maple.manager@demo.gatehouse.local',
};

const demoPassword = 'demo passphrase for e2e doors';
const apiDir = path.join(here, '../apps/api/dist');

function startServer(env: NodeJS.ProcessEnv): { server: ChildProcess; output: () => string } {
  const server = spawn(process.execPath, [path.join(apiDir, 'main.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => process.stderr.write(chunk));
  return { server, output: () => output };
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/health/readiness`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

/**
 * Starts the built server (`npm run test:e2e` builds it) like a first `npm start`: empty data folder,
 * no ADMIN_PASSWORD, so it creates the superadmin and prints a generated password once. Then it
 * stops it, adds the demo data with the seed command, and starts it again on the same folder.
 */
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-e2e-'));
  // Salto KS's cloud, faked with a demo site (apps/api/test/fakes/saltoks.ts); specs read what it
  // received at E2E_SALTOKS_URL.
  const saltoks = await startFakeSaltoKs({ seedDemo: true });
  process.env.E2E_SALTOKS_URL = saltoks.url;
  // KONE's cloud, faked (apps/api/test/fakes/kone.ts); specs read what it received at E2E_KONE_URL.
  const kone = await startFakeKone();
  process.env.E2E_KONE_URL = kone.apiUrl;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    ...saltoks.env,
    ...kone.env,
  };
  const baseUrl = `http://localhost:${port}`;

  const first = startServer(env);
  await waitUntilReady(baseUrl, first.server, first.output);
  const firstStartOutput = first.output();
  const email = firstStartOutput.match(/email:\s+(\S+)/)?.[1];
  const password = firstStartOutput.match(/password:\s+(\S+)/)?.[1];
  await stopServer(first.server);
  if (!email || !password) {
    throw new Error(`No generated superadmin login in the first-start output:\n${firstStartOutput}`);
  }

  execFileSync(process.execPath, [path.join(apiDir, 'seed.js'), '--demo', '--password', demoPassword], {
    env,
    stdio: 'ignore',
  });

  const running = startServer(env);
  await waitUntilReady(baseUrl, running.server, running.output);
  const state: E2eState = {
    baseUrl,
    adminEmail: email,
    adminPassword: password,
    firstStartOutput,
    demoPassword,
  };
  fs.writeFileSync(stateFile, JSON.stringify(state));

  return async () => {
    await stopServer(running.server);
    await saltoks.close();
    await kone.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(stateFile, { force: true });
  };
}
