import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { appSecrets } from './db/schema.js';
import { deriveKey, randomToken } from './lib/crypto.js';
import { PasswordHasher } from './lib/passwords.js';
import { AssetStorage } from './modules/assets/storage.js';
import { AuthCache } from './modules/auth/auth-cache.js';
import { Throttle } from './modules/auth/throttle.js';
import { TokenIssuer } from './modules/auth/tokens.js';
import { DoorCache } from './modules/doors/door-cache.js';
import { DoorOpener } from './modules/doors/door-opener.js';
import { createDatabaseEventBus, createRedisEventBus, type EventBus } from './modules/events/event-bus.js';
import { KoneClient } from './modules/kone/client.js';
import { EntryCallService } from './modules/kone/entry-calls.js';
import { MailDispatcher } from './modules/mail/dispatcher.js';
import { SaltoKsClient } from './modules/saltoks/client.js';

/** What route handlers and services share: built once at start, passed explicitly (no globals). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: TokenIssuer;
  passwords: PasswordHasher;
  /** Encrypts secrets at rest (TOTP secrets, door driver secrets). */
  encryptionKey: Buffer;
  throttles: {
    loginPerAccount: Throttle;
    loginPerIp: Throttle;
    mailPerAddress: Throttle;
  };
  /** Sessions, users and role data of recent calls (see AuthCache for how it stays correct). */
  authCache: AuthCache;
  /** Doors as remote opens need them (see DoorCache). */
  doorCache: DoorCache;
  /** Opens doors and records every attempt (one per process). */
  doorOpener: DoorOpener;
  /** Building events for the live pages, shared by every server process. */
  events: EventBus;
  /** Uploaded files on disk, and the key that signs their links (decision 008). */
  assets: { storage: AssetStorage; urlKey: Buffer };
  /** The Salto KS Connect API (lock-system provider); answers `saltoks_not_configured` when off. */
  saltoks: SaltoKsClient;
  /** KONE's APIs (elevator provider); answers `kone_not_configured` when off. */
  kone: KoneClient;
  /** Calls the elevator when someone comes in through an entrance door (decision 008). */
  entryCalls: EntryCallService;
  /** Tells the mail dispatcher that a mail is waiting (no-op without SMTP). */
  notifyMailQueued(): void;
  redis?: Redis;
  close(): Promise<void>;
}

/**
 * The master secret: `SECRET_KEY` when set, else one generated on first start and kept in the
 * database, so every process on the same database signs and encrypts alike.
 */
async function resolveMasterSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'master', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'master'));
  return row!.value;
}

export async function createAppContext(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<AppContext> {
  const secret = await resolveMasterSecret(database.db, config.secretKey);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : undefined;
  redis?.on('error', (error) => log.warn({ err: error }, 'redis connection problem'));

  const { loginLimits } = config;
  const dispatcher = config.mail.smtpUrl
    ? new MailDispatcher(database.db, config.mail.smtpUrl, config.mail.from, log)
    : undefined;
  dispatcher?.start();

  const events = redis ? await createRedisEventBus(redis) : await createDatabaseEventBus(database);
  const authCache = new AuthCache(config.authCacheTtlMs);
  const doorCache = new DoorCache(config.authCacheTtlMs);
  // One channel announces every change the caches depend on (migrations 0001 and 0002).
  const stopListening = await database.listen(
    'gatehouse_auth',
    (payload) =>
      payload.startsWith('d:') ? doorCache.forget(payload.slice(2)) : authCache.applyNotification(payload),
    () => {
      authCache.forgetAll();
      doorCache.forgetAll();
    },
  );

  const encryptionKey = deriveKey(secret, 'secret-encryption');
  // One per process, so concurrent opens from every path share its batches (see DoorOpener).
  const saltoks = new SaltoKsClient(config.saltoks);
  const doorOpener = new DoorOpener({ db: database.db, events, encryptionKey, saltoks });

  const kone = new KoneClient(config.kone);
  const entryCalls = new EntryCallService(database.db, kone, log);
  doorOpener.onOpened(entryCalls.onOpened);

  return {
    config,
    database,
    db: database.db,
    tokens: new TokenIssuer(deriveKey(secret, 'jwt-signing'), {
      accessSeconds: config.accessTokenTtlSeconds,
      refreshSeconds: config.refreshTokenTtlSeconds,
    }),
    passwords: new PasswordHasher(config.argon2),
    encryptionKey,
    throttles: {
      loginPerAccount: new Throttle(
        'login-account',
        { points: loginLimits.perAccount, durationSeconds: loginLimits.windowSeconds },
        redis,
      ),
      loginPerIp: new Throttle(
        'login-ip',
        { points: loginLimits.perIp, durationSeconds: loginLimits.windowSeconds },
        redis,
      ),
      mailPerAddress: new Throttle('mail-address', { points: 5, durationSeconds: 60 * 60 }, redis),
    },
    authCache,
    doorCache,
    doorOpener,
    events,
    assets: { storage: new AssetStorage(config.assets.dir), urlKey: deriveKey(secret, 'asset-urls') },
    saltoks,
    kone,
    entryCalls,
    notifyMailQueued: () => dispatcher?.kick(),
    redis,
    close: async () => {
      await doorOpener.stop();
      await entryCalls.idle();
      kone.close();
      await stopListening();
      await events.close();
      await dispatcher?.stop();
      redis?.disconnect();
    },
  };
}
