import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';
import { intercomSchema } from './intercoms.js';
import { preloadsQuerySchema } from './lists.js';

export const DOOR_DRIVERS = ['simulated', 'http_relay', 'saltoks'] as const;
export const DOOR_STATUSES = ['unknown', 'locked', 'unlocked', 'offline', 'error'] as const;

export const doorStatusValueSchema = z.enum(DOOR_STATUSES);
export type DoorStatusValue = z.infer<typeof doorStatusValueSchema>;

const unlockSeconds = z.number().int().min(1).max(600).default(5);

/** A virtual lock: opening unlocks it for `unlock_seconds`; `offline` makes it unreachable. */
export const simulatedDriverConfigSchema = z.strictObject({
  unlock_seconds: unlockSeconds,
  offline: z.boolean().default(false),
});

/**
 * An IP intercom's relay, 2N style: `GET {url}/api/switch/ctrl?switch=N&action=trigger`, with HTTP
 * digest or basic authentication (the password is a secret) and a timeout.
 */
export const httpRelayDriverConfigSchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, message: 'Use the relay’s http:// or https:// address' })
    .transform((url) => url.replace(/\/+$/, '')),
  switch: z.number().int().min(1).max(16).default(1),
  auth: z.enum(['none', 'basic', 'digest']).default('digest'),
  username: z.string().trim().max(100).optional(),
  timeout_ms: z.number().int().min(200).max(15_000).default(3000),
  unlock_seconds: unlockSeconds,
});

export const httpRelaySecretsSchema = z.strictObject({
  password: z.string().max(200).optional(),
});

/**
 * A Salto KS lock, opened through the Salto KS Connect API (`PATCH /v1.2/sites/{site}/locks/{lock}/locking`).
 * The site defaults to the building's `saltoks_site_id`. The lock's OTP secret is a door secret.
 */
export const saltoksDriverConfigSchema = z.strictObject({
  lock_id: z.string().trim().min(1, 'Choose the Salto KS lock').max(100),
  site_id: z.string().trim().min(1).max(100).optional(),
  unlock_seconds: unlockSeconds,
  /**
   * The Salto KS site user that holds the door's keypad PIN, made by the server on the first
   * `PUT …/pincode` and kept by it (a value sent by a client is replaced by the stored one).
   */
  pin_user_id: z.string().trim().min(1).max(100).optional(),
});

export const saltoksSecretsSchema = z.strictObject({
  /** Base32 TOTP secret of the lock, from the Salto KS site, used to make the one-time password. */
  otp_secret: z
    .string()
    .trim()
    .regex(/^[A-Z2-7]+=*$/i, 'The OTP secret is a base32 text')
    .max(200)
    .optional(),
});

/** Each driver's settings and secrets; the server validates `driver_config` and `secrets` with these. */
export const driverSchemas = {
  simulated: { config: simulatedDriverConfigSchema, secrets: z.strictObject({}) },
  http_relay: { config: httpRelayDriverConfigSchema, secrets: httpRelaySecretsSchema },
  saltoks: { config: saltoksDriverConfigSchema, secrets: saltoksSecretsSchema },
} as const satisfies Record<(typeof DOOR_DRIVERS)[number], { config: z.ZodType; secrets: z.ZodType }>;

export type DoorDriverName = (typeof DOOR_DRIVERS)[number];

const doorName = z.string().trim().min(1, 'A door needs a name').max(120);

/**
 * POST /buildings/{b}/doors. `driver_config` and `secrets` are checked against the driver's own
 * schema on the server (`driverSchemas`); here they only have to be objects.
 */
export const doorCreateBodySchema = z.strictObject({
  name: doorName,
  is_entrance: z.boolean().default(false),
  driver: z.enum(DOOR_DRIVERS).default('simulated'),
  driver_config: z.record(z.string(), z.unknown()).default({}),
  secrets: z.record(z.string(), z.unknown()).optional(),
});

/** PUT /buildings/{b}/doors/{d}: absent fields stay; a new `driver` needs its `driver_config`. */
export const doorUpdateBodySchema = z.strictObject({
  name: doorName.optional(),
  is_entrance: z.boolean().optional(),
  driver: z.enum(DOOR_DRIVERS).optional(),
  driver_config: z.record(z.string(), z.unknown()).optional(),
  secrets: z.record(z.string(), z.unknown()).optional(),
});

/** PUT /buildings/{b}/doors/{d}/pincode: the keypad code, 4 to 8 digits. */
export const pincodeBodySchema = z.strictObject({
  pincode: z.string().regex(/^\d{4,8}$/, 'A PIN code is 4 to 8 digits'),
});

/** `?preloads=intercom,secrets` of GET /buildings/{b}/doors/{d}. */
export const doorPreloadsQuerySchema = preloadsQuerySchema(['intercom', 'secrets']);

export const doorSchema = z.object({
  id: idSchema,
  building_id: idSchema,
  name: z.string(),
  is_entrance: z.boolean(),
  driver: z.enum(DOOR_DRIVERS),
  driver_config: z.record(z.string(), z.unknown()),
  status: doorStatusValueSchema,
  status_changed_at: timestampSchema.nullable(),
  has_pincode: z.boolean(),
  has_secrets: z.boolean(),
  /** Present when preloaded: the door's intercom, or null when it has none. */
  intercom: intercomSchema.nullable().optional(),
  /** Present when preloaded by a user allowed to read driver secrets (a superadmin). */
  secrets: z.record(z.string(), z.unknown()).optional(),
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
});

/** GET …/status: a driver that cannot be reached or fails answers status "error" (spec 8). */
export const doorStatusSchema = z.object({
  status: doorStatusValueSchema,
  changed_at: timestampSchema.nullable(),
  detail: z.string().optional(),
});

/**
 * POST …/open: `via` says where the person pressed Open (the dashboard, or the Gatehouse App), for
 * the door log. The body may be left out.
 */
export const doorOpenBodySchema = z.preprocess(
  // Fastify hands over a missing body as null.
  (body) => body ?? {},
  z.strictObject({ via: z.enum(['dashboard', 'webapp']).default('dashboard') }),
);

/** POST …/open: what happened, with the door log row that records it. */
export const doorOpenResultSchema = z.object({
  result: z.enum(['opened', 'failed', 'refused']),
  status: doorStatusValueSchema,
  door_log_id: idSchema,
  reason: z.string().nullable(),
});

/** Server-sent events of GET /buildings/{id}/events. */
export const buildingEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('door_status'),
    building_id: idSchema,
    door_id: idSchema,
    status: doorStatusValueSchema,
    changed_at: timestampSchema,
  }),
  z.object({
    type: z.literal('call'),
    building_id: idSchema,
    call_id: idSchema,
    door_id: idSchema.nullable(),
    status: z.enum(['ringing', 'answered', 'missed']),
    started_at: timestampSchema,
  }),
  z.object({
    type: z.literal('door_opened'),
    building_id: idSchema,
    door_id: idSchema,
    door_log_id: idSchema,
    result: z.enum(['opened', 'failed', 'refused']),
    method: z.string(),
    user_id: idSchema.nullable(),
    visitor_id: idSchema.nullable().optional(),
    occurred_at: timestampSchema,
  }),
]);

export type Door = z.infer<typeof doorSchema>;
export type DoorCreateBody = z.input<typeof doorCreateBodySchema>;
export type DoorUpdateBody = z.input<typeof doorUpdateBodySchema>;
export type DoorStatus = z.infer<typeof doorStatusSchema>;
export type DoorOpenResult = z.infer<typeof doorOpenResultSchema>;
export type BuildingEvent = z.infer<typeof buildingEventSchema>;
