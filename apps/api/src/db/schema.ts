/**
 * The whole domain model, designed once so later features extend it by migrations rather than
 * reshaping it. Ids are UUIDv7 strings made by the server (see `ids.ts`); every timestamp is
 * `timestamptz` (stored in UTC); every row has `inserted_at` and, where it changes, `updated_at`.
 *
 * After editing this file run `npm run db:generate` and commit the generated SQL in `drizzle/`.
 */
import { DOOR_DRIVERS, DOOR_STATUSES } from '@gatehouse/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const insertedAt = () => timestamp('inserted_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const id = () => uuid('id').primaryKey();

// ---------------------------------------------------------------------------------------------
// People and sign-in

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    locale: text('locale', { enum: ['en', 'nl'] })
      .notNull()
      .default('en'),
    // Null until an invited user sets a password.
    passwordHash: text('password_hash'),
    isSuperadmin: boolean('is_superadmin').notNull().default(false),
    // TOTP secret, encrypted with the server's key; `totpEnabledAt` null means enrolment is pending.
    totpSecretEncrypted: text('totp_secret_encrypted'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    // Highest TOTP time step accepted, so a code is usable once per step.
    totpLastTimeStep: bigint('totp_last_time_step', { mode: 'number' }),
    pendingEmail: text('pending_email'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    avatarAssetId: uuid('avatar_asset_id'),
    insertedAt: insertedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    insertedAt: insertedAt(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The refresh token id that is valid now; any other id signed for this session is a reuse.
    refreshJti: uuid('refresh_jti').notNull(),
    // `oauth2` sessions belong to a third-party client (OAuth2 authorization).
    kind: text('kind').notNull().default('user'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    insertedAt: insertedAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use tokens sent by mail: password reset, email change, invite. Only a hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'email_change', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    insertedAt: insertedAt(),
  },
  (t) => [
    uniqueIndex('user_tokens_token_hash_key').on(t.tokenHash),
    index('user_tokens_user_id_idx').on(t.userId),
  ],
);

/** Every mail is written here in the same transaction as the change that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    insertedAt: insertedAt(),
  },
  (t) => [index('mail_outbox_unsent_idx').on(t.insertedAt).where(sql`${t.sentAt} is null`)],
);

/** Server-generated secrets (signing key) kept in the database so every process shares them. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  insertedAt: insertedAt(),
});

// ---------------------------------------------------------------------------------------------
// Buildings, units, doors

export const buildings = pgTable(
  'buildings',
  {
    id: id(),
    name: text('name').notNull(),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country'),
    timeZone: text('time_zone').notNull().default('Europe/Amsterdam'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    saltoksSiteId: text('saltoks_site_id'),
    // Newest Salto KS entry already imported into door_logs (the next import asks for later ones).
    saltoksEntriesSyncedUntil: timestamp('saltoks_entries_synced_until', { withTimezone: true }),
    koneBuildingId: text('kone_building_id'),
    elevatorCallOnEntry: boolean('elevator_call_on_entry').notNull().default(false),
    photoAssetId: uuid('photo_asset_id'),
    insertedAt: insertedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('buildings_name_idx').on(sql`lower(${t.name})`)],
);

export const units = pgTable(
  'units',
  {
    id: id(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    floor: text('floor'),
    // What is dialled on the building's intercom panel to call this unit (a number or SIP name).
    intercomCode: text('intercom_code'),
    koneAreaId: text('kone_area_id'),
    delegateUserId: uuid('delegate_user_id').references(() => users.id, { onDelete: 'set null' }),
    altDelegateUserId: uuid('alt_delegate_user_id').references(() => users.id, { onDelete: 'set null' }),
    insertedAt: insertedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('units_building_id_name_key').on(t.buildingId, sql`lower(${t.name})`),
    uniqueIndex('units_building_intercom_code_key').on(t.buildingId, t.intercomCode),
  ],
);

export const doors = pgTable(
  'doors',
  {
    id: id(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    driver: text('driver', { enum: DOOR_DRIVERS }).notNull().default('simulated'),
    // Driver settings that are not secret (relay URL, switch number, lock id, unlock seconds).
    driverConfig: jsonb('driver_config').notNull().default({}),
    // Driver secrets (relay password, lock OTP secret), encrypted with the server's key.
    secretsEncrypted: text('secrets_encrypted'),
    pincodeHash: text('pincode_hash'),
    isEntrance: boolean('is_entrance').notNull().default(false),
    status: text('status', { enum: DOOR_STATUSES }).notNull().default('unknown'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    insertedAt: insertedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('doors_building_id_name_key').on(t.buildingId, sql`lower(${t.name})`)],
);

/** An intercom is a device account on one door: it signs in with its email and password. */
export const intercoms = pgTable(
  'intercoms',
  {
    id: id(),
    doorId: uuid('door_id')
      .notNull()
      .references(() => doors.id, { onDelete: 'cascade' }),
    name: text('name'),
    model: text('model'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    insertedAt: insertedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('intercoms_door_id_key').on(t.doorId),
    uniqueIndex('intercoms_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const buildingManagers = pgTable(
  'building_managers',
  {
    id: id(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    insertedAt: insertedAt(),
  },
  (t) => [
    uniqueIndex('building_managers_building_user_key').on(t.buildingId, t.userId),
    index('building_managers_user_id_idx').on(t.userId),
  ],
);

export const membershipRoles = ['member', 'invite_member', 'unit_manager'] as const;

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: membershipRoles }).notNull().default('member'),
    insertedAt: insertedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('memberships_unit_user_key').on(t.unitId, t.userId),
    index('memberships_user_id_idx').on(t.userId),
  ],
);

export const visitors = pgTable(
  'visitors',
  {
    id: id(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    // The unguessable id in the visitor's personal link `/visitor/{linkUuid}`.
    linkUuid: uuid('link_uuid').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    insertedAt: insertedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('visitors_link_uuid_key').on(t.linkUuid),
    index('visitors_unit_id_idx').on(t.unitId),
    check('visitors_validity_check', sql`${t.validFrom} <= ${t.validUntil}`),
  ],
);

/** When members and visitors of a unit may open a door; times are in the building's time zone. */
export const entrySchedules = pgTable(
  'entry_schedules',
  {
    id: id(),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
    doorId: uuid('door_id')
      .notNull()
      .references(() => doors.id, { onDelete: 'cascade' }),
    dateStart: date('date_start').notNull(),
    dateEnd: date('date_end').notNull(),
    timeStart: time('time_start').notNull(),
    timeEnd: time('time_end').notNull(),
    insertedAt: insertedAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('entry_schedules_unit_door_key').on(t.unitId, t.doorId),
    index('entry_schedules_door_id_idx').on(t.doorId),
    check('entry_schedules_dates_check', sql`${t.dateStart} <= ${t.dateEnd}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Activity

export const doorLogs = pgTable(
  'door_logs',
  {
    id: id(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    doorId: uuid('door_id').references(() => doors.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type', {
      enum: ['user', 'visitor', 'device', 'api_client', 'provider', 'system'],
    }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorId: uuid('visitor_id').references(() => visitors.id, { onDelete: 'set null' }),
    intercomId: uuid('intercom_id').references(() => intercoms.id, { onDelete: 'set null' }),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    method: text('method', {
      enum: ['dashboard', 'webapp', 'visitor_link', 'intercom', 'pincode', 'api', 'provider'],
    }).notNull(),
    result: text('result', { enum: ['opened', 'refused', 'failed'] }).notNull(),
    reason: text('reason'),
    // The third-party app that opened, for method `api` (OAuth2).
    oauth2ClientId: uuid('oauth2_client_id').references(() => oauth2Clients.id, { onDelete: 'set null' }),
    // The elevator called for this entry (KONE), when the building calls one: {destination_area, result, …}.
    elevatorCall: jsonb('elevator_call'),
    // The provider's own id of an entry imported from it (Salto KS entries), so imports are idempotent.
    externalId: text('external_id'),
    insertedAt: insertedAt(),
  },
  (t) => [
    uniqueIndex('door_logs_building_external_id_key')
      .on(t.buildingId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    index('door_logs_building_occurred_idx').on(t.buildingId, t.occurredAt.desc(), t.id.desc()),
    // Each filter of the activity list walks its own index newest first (keyset pages, never OFFSET).
    index('door_logs_door_occurred_idx').on(t.doorId, t.occurredAt.desc(), t.id.desc()),
    index('door_logs_user_occurred_idx').on(t.userId, t.occurredAt.desc(), t.id.desc()),
    index('door_logs_unit_occurred_idx').on(t.unitId, t.occurredAt.desc(), t.id.desc()),
    index('door_logs_visitor_occurred_idx').on(t.visitorId, t.occurredAt.desc(), t.id.desc()),
    // Refusals and failures are rare: a small partial index finds them in any history.
    index('door_logs_not_opened_idx')
      .on(t.buildingId, t.occurredAt.desc(), t.id.desc())
      .where(sql`${t.result} <> 'opened'`),
  ],
);

export const calls = pgTable(
  'calls',
  {
    id: id(),
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    doorId: uuid('door_id').references(() => doors.id, { onDelete: 'set null' }),
    intercomId: uuid('intercom_id').references(() => intercoms.id, { onDelete: 'set null' }),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The device's own id for the call, so a retried report is recorded once.
    externalId: text('external_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    status: text('status', { enum: ['ringing', 'answered', 'missed'] }).notNull(),
    durationSeconds: integer('duration_seconds'),
    doorOpened: boolean('door_opened').notNull().default(false),
    insertedAt: insertedAt(),
  },
  (t) => [
    index('calls_building_started_idx').on(t.buildingId, t.startedAt.desc(), t.id.desc()),
    index('calls_door_started_idx').on(t.doorId, t.startedAt.desc(), t.id.desc()),
    index('calls_unit_started_idx').on(t.unitId, t.startedAt.desc(), t.id.desc()),
    index('calls_user_started_idx').on(t.userId, t.startedAt.desc(), t.id.desc()),
    uniqueIndex('calls_intercom_external_key').on(t.intercomId, t.externalId),
  ],
);

/**
 * Events that intercoms report in batches (2N's /api/log/pull) may come again; an event that writes
 * a row other than a call (a relay switched on -> a door log row) claims its key here first, so it is
 * recorded once (migration 0004).
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    intercomId: uuid('intercom_id')
      .notNull()
      .references(() => intercoms.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    insertedAt: insertedAt(),
  },
  (t) => [
    primaryKey({ name: 'device_events_pkey', columns: [t.intercomId, t.externalId] }),
    index('device_events_inserted_at_idx').on(t.insertedAt),
  ],
);

/**
 * Door log rows and calls counted per building and 15-minute bucket, kept by statement triggers
 * (migration 0005). Every time zone's midnight falls on a bucket edge, so counts per local day come
 * from a few thousand rows at most, however long the history (statistics, today's counts).
 */
export const activityCounts = pgTable(
  'activity_counts',
  {
    buildingId: uuid('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['door_log', 'call'] }).notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'activity_counts_pkey', columns: [t.buildingId, t.kind, t.bucket] })],
);

// ---------------------------------------------------------------------------------------------
// Third-party apps and files

export const oauth2Clients = pgTable('oauth2_clients', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  secretHash: text('secret_hash'),
  redirectUris: text('redirect_uris').array().notNull(),
  allowedScopes: text('allowed_scopes').array().notNull(),
  logoAssetId: uuid('logo_asset_id'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  insertedAt: insertedAt(),
  updatedAt: updatedAt(),
});

export const oauth2Authorizations = pgTable(
  'oauth2_authorizations',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauth2Clients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    // A scope may be narrowed to one building or one door.
    buildingId: uuid('building_id').references(() => buildings.id, { onDelete: 'cascade' }),
    doorId: uuid('door_id').references(() => doors.id, { onDelete: 'cascade' }),
    insertedAt: insertedAt(),
    // When the app last got tokens or called the API with them (written at most once a minute).
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('oauth2_authorizations_user_id_idx').on(t.userId),
    // One live grant per user and app: approving again replaces it (decision 008).
    uniqueIndex('oauth2_authorizations_user_client_live_key')
      .on(t.userId, t.clientId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/** Single-use authorization codes (OAuth2 authorization code flow with PKCE); only a hash is kept. */
export const oauth2Codes = pgTable(
  'oauth2_codes',
  {
    id: id(),
    codeHash: text('code_hash').notNull(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => oauth2Clients.id, { onDelete: 'cascade' }),
    authorizationId: uuid('authorization_id')
      .notNull()
      .references(() => oauth2Authorizations.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    codeChallengeMethod: text('code_challenge_method').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    insertedAt: insertedAt(),
  },
  (t) => [uniqueIndex('oauth2_codes_code_hash_key').on(t.codeHash)],
);

/**
 * Refresh tokens of third-party apps, rotated on every use: each row is one token; presenting one
 * that was already used revokes the whole authorization (reuse detection).
 */
export const oauth2RefreshTokens = pgTable(
  'oauth2_refresh_tokens',
  {
    id: id(),
    authorizationId: uuid('authorization_id')
      .notNull()
      .references(() => oauth2Authorizations.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    insertedAt: insertedAt(),
  },
  (t) => [
    uniqueIndex('oauth2_refresh_tokens_token_hash_key').on(t.tokenHash),
    index('oauth2_refresh_tokens_authorization_idx').on(t.authorizationId),
  ],
);

export const assets = pgTable(
  'assets',
  {
    id: id(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: ['building_photo', 'avatar', 'oauth2_client_logo'] }).notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status', { enum: ['pending', 'finished'] })
      .notNull()
      .default('pending'),
    insertedAt: insertedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('assets_pending_idx').on(t.insertedAt).where(sql`${t.status} = 'pending'`)],
);
