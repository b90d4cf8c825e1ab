import { z } from 'zod';
import { phoneSchema } from '../phone.js';
import { emailSchema, idSchema, timestampSchema } from './common.js';
import { pagedListQuerySchema } from './lists.js';

/** An IANA time zone the runtime knows, e.g. "Europe/Amsterdam". Schedules are read in it. */
export const timeZoneSchema = z
  .string()
  .trim()
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return zone.includes('/') || zone === 'UTC';
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone; use a name such as Europe/Amsterdam' },
  );

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value === '' ? null : value));

const buildingFields = {
  name: z.string().trim().min(1, 'A building needs a name').max(120),
  address: optionalText(200),
  postal_code: optionalText(20),
  city: optionalText(100),
  country: optionalText(2).refine((code) => code == null || /^[A-Z]{2}$/.test(code), {
    message: 'Use the two-letter country code, such as NL',
  }),
  time_zone: timeZoneSchema,
  contact_name: optionalText(120),
  contact_email: emailSchema.nullish().or(z.literal('').transform(() => null)),
  contact_phone: phoneSchema,
  // Links to the lock-system and elevator providers (set up with the integrations).
  saltoks_site_id: optionalText(100),
  kone_building_id: optionalText(100),
  // Call the elevator (KONE) to the lobby, with the unit's floor as destination, when a member or
  // visitor opens an entrance door.
  elevator_call_on_entry: z.boolean().default(false),
  // A finished asset (POST /asset/create, purpose building_photo); null removes the photo.
  photo_asset_id: idSchema.nullish(),
};

/** POST /buildings (superadmin). */
export const buildingCreateBodySchema = z.strictObject({
  ...buildingFields,
  time_zone: timeZoneSchema.default('Europe/Amsterdam'),
});

/** PUT /buildings/{id}: every field optional; absent fields stay as they are. */
export const buildingUpdateBodySchema = z
  .strictObject({ ...buildingFields, elevator_call_on_entry: z.boolean() })
  .partial();

export const buildingListQuerySchema = pagedListQuerySchema(['name', 'city', 'inserted_at'], 'name');

/** How many doors are in each state: the dashboard's "door status at a glance". */
export const doorSummarySchema = z.object({
  total: z.number().int().min(0),
  locked: z.number().int().min(0),
  unlocked: z.number().int().min(0),
  offline: z.number().int().min(0),
  error: z.number().int().min(0),
  unknown: z.number().int().min(0),
});

/**
 * Today's activity (in the building's time zone). Each count is present only for a user allowed to
 * read it (spec 2: callRead, doorLogRead).
 */
export const buildingActivitySchema = z.object({
  intercom_calls: z.number().int().min(0).optional(),
  door_logs: z.number().int().min(0).optional(),
});

export const buildingSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  time_zone: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  saltoks_site_id: z.string().nullable(),
  kone_building_id: z.string().nullable(),
  elevator_call_on_entry: z.boolean(),
  photo_asset_id: idSchema.nullable(),
  // The photo's bytes: a signed path on this server that needs no sign-in (see assetSchema.url).
  photo_url: z.string().nullable(),
  door_summary: doorSummarySchema,
  activity: buildingActivitySchema,
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
});

/** DELETE /buildings/{id}?cascade=true confirms deleting the units and doors with it. */
export const buildingDeleteQuerySchema = z.object({
  cascade: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export type Building = z.infer<typeof buildingSchema>;
export type BuildingCreateBody = z.input<typeof buildingCreateBodySchema>;
export type BuildingUpdateBody = z.input<typeof buildingUpdateBodySchema>;
export type DoorSummary = z.infer<typeof doorSummarySchema>;
