import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { type AppContext, createAppContext } from '../src/app-context.js';
import { type Config, loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { insertUser, type UserRow } from '../src/modules/users/repository.js';
import { openTestDatabase } from './database.js';

/** Settings for tests: cheap argon2 (tests only; production keeps OWASP's cost). */
export const testEnv: NodeJS.ProcessEnv = {
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://gatehouse.test',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  SECRET_KEY: 'test-secret-key-that-is-long-enough-0123456789',
  LOG_LEVEL: 'silent',
};

export interface TestApp {
  app: FastifyInstance;
  /** The test database's address, on PostgreSQL (for a second server process on the same data). */
  databaseUrl?: string;
  ctx: AppContext;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: {
    extend?: (app: FastifyInstance) => void;
    webDistDir?: string;
    /** Another process's view of an existing test database (PostgreSQL only). */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({ ...testEnv, ...env });
  const database = options.database ?? (await openTestDatabase());
  const ctx = await createAppContext(config, database, pino({ level: 'silent' }));
  const app = await buildApp(ctx, { webDistDir: options.webDistDir ?? null });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    ctx,
    config,
    databaseUrl: 'url' in database ? (database.url as string | undefined) : undefined,
    close: async () => {
      await app.close();
      await ctx.close();
      await database.close();
    },
  };
}

export const defaultPassword = 'correct horse battery staple';
let userCounter = 0;

export async function createUser(
  ctx: AppContext,
  values: Partial<Parameters<typeof insertUser>[1]> & { password?: string | null } = {},
): Promise<UserRow> {
  const { password = defaultPassword, ...rest } = values;
  userCounter += 1;
  return insertUser(ctx.db, {
    email: `user${userCounter}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    firstName: 'Test',
    lastName: `User ${userCounter}`,
    ...rest,
    passwordHash: password === null ? null : await ctx.passwords.hash(password),
  });
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** Leave out the CSRF header (to test the refusal). */
  withoutCsrf?: boolean;
}

/** One API call through the HTTP layer, with the headers the web app sends. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-app-version': '1.21.1', ...options.headers };
  if (method !== 'GET' && !options.withoutCsrf) headers['x-csrf-token'] = '1';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return app.inject({
    method,
    url: url.startsWith('/api/') || url.startsWith('/health') ? url : `/api/v4${url}`,
    headers,
    cookies: options.cookies,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

export async function signIn(app: FastifyInstance, email: string, password = defaultPassword) {
  const response = await call(app, 'POST', '/me/current_session', {
    body: { email, password, token_signature_transport: 'bearer' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json().data as { access: string; refresh: string; access_exp: number; refresh_exp: number };
}

export function errorsOf(
  response: LightMyRequestResponse,
): { code: string; message: string; field?: string }[] {
  return response.json().errors;
}
