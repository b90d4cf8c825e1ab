import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from an environment variable with a safe default, so `npm start` works on a
 * fresh machine. The README's configuration table lists the same variables; keep the two in step.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.string().url().optional());

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl.optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  REDIS_URL: optionalUrl.optional(),

  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),

  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 24 * 60 * 60),
  COOKIE_SECURE: booleanFromEnv.default(true),
  AUTH_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().min(0.1).max(300).default(25),
  DOOR_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  CALL_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  MIN_APP_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .default('1.21.1'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),

  ARGON2_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(8)
    .default(19 * 1024),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),

  SMTP_URL: optionalUrl.optional(),
  MAIL_FROM: z.string().default('Gatehouse <no-reply@gatehouse.local>'),
  FEEDBACK_EMAIL: z.string().email().default('feedback@gatehouse.local'),
  SUPPORT_URL: z.string().url().default('https://gatehouse.example/help'),
  WEBSITE_URL: z.string().url().default('https://gatehouse.example'),
  WEB_DIST_DIR: z.string().optional(),

  // Salto KS Connect API (lock-system provider). Without a client id the integration is off.
  SALTOKS_IDENTITY_URL: z.string().url().default('https://clp-accept-identityserver.saltoks.com'),
  SALTOKS_API_URL: z.string().url().default('https://clp-accept-user.my-clay.com'),
  SALTOKS_CLIENT_ID: z.string().optional(),
  SALTOKS_CLIENT_SECRET: z.string().optional(),
  SALTOKS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SALTOKS_RETRIES: z.coerce.number().int().min(0).max(10).default(3),

  // KONE APIs (elevator provider). Without a client id the integration is off.
  KONE_API_URL: z.string().url().default('https://dev.kone.com'),
  KONE_WS_URL: z.string().url().default('wss://dev.kone.com/stream-v2'),
  KONE_CLIENT_ID: z.string().optional(),
  KONE_CLIENT_SECRET: z.string().optional(),
  KONE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),

  // OAuth2 authorization server for third-party apps.
  OAUTH2_CODE_TTL_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
  OAUTH2_ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(60 * 60),
  OAUTH2_REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 24 * 60 * 60),

  // Uploaded files (building photos, avatars). Relative paths are resolved against DATA_DIR.
  ASSET_DIR: z.string().optional(),
  ASSET_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  ASSET_PENDING_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable (`ADMIN_EMAIL=` in an env file) means "not set", as in most tools.
  const setValues = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(setValues);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    secretKey: e.SECRET_KEY,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    cookieSecure: e.COOKIE_SECURE,
    authCacheTtlMs: e.AUTH_CACHE_TTL_SECONDS * 1000,
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_SECONDS * 1000,
    retentionDays: { doorLogs: e.DOOR_LOG_RETENTION_DAYS, calls: e.CALL_RETENTION_DAYS },
    allowedOrigins: e.ALLOWED_ORIGINS,
    minAppVersion: e.MIN_APP_VERSION,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    argon2: { memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
    loginLimits: {
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: e.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    links: { feedbackEmail: e.FEEDBACK_EMAIL, supportUrl: e.SUPPORT_URL, websiteUrl: e.WEBSITE_URL },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    saltoks: {
      identityUrl: e.SALTOKS_IDENTITY_URL.replace(/\/$/, ''),
      apiUrl: e.SALTOKS_API_URL.replace(/\/$/, ''),
      clientId: e.SALTOKS_CLIENT_ID,
      clientSecret: e.SALTOKS_CLIENT_SECRET,
      timeoutMs: e.SALTOKS_TIMEOUT_MS,
      retries: e.SALTOKS_RETRIES,
    },
    kone: {
      apiUrl: e.KONE_API_URL.replace(/\/$/, ''),
      wsUrl: e.KONE_WS_URL,
      clientId: e.KONE_CLIENT_ID,
      clientSecret: e.KONE_CLIENT_SECRET,
      timeoutMs: e.KONE_TIMEOUT_MS,
    },
    oauth2: {
      codeTtlSeconds: e.OAUTH2_CODE_TTL_SECONDS,
      accessTokenTtlSeconds: e.OAUTH2_ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlSeconds: e.OAUTH2_REFRESH_TOKEN_TTL_SECONDS,
    },
    assets: {
      dir: path.resolve(path.resolve(e.DATA_DIR), e.ASSET_DIR ?? 'assets'),
      maxBytes: e.ASSET_MAX_BYTES,
      pendingTtlSeconds: e.ASSET_PENDING_TTL_SECONDS,
    },
  };
}
