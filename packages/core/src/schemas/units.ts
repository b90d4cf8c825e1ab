import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';
import { doorSchema } from './doors.js';
import { entryScheduleSchema } from './entry-schedules.js';
import { pagedListQuerySchema, preloadsQuerySchema } from './lists.js';
import { personSchema } from './managers.js';
import { memberSchema } from './members.js';
import { visitorSchema } from './visitors.js';

const unitName = z.string().trim().min(1, 'A unit needs a name').max(60);
/** What is dialled on the building's intercom panel to call the unit; unique in the building. */
const optionalIntercomCode = z
  .string()
  .trim()
  .max(50)
  .nullish()
  .transform((value) => (value === '' ? null : value));

/** The unit's destination floor for elevator calls: an area id from the KONE building config. */
const optionalKoneAreaId = z
  .string()
  .trim()
  .max(50)
  .nullish()
  .transform((value) => (value === '' ? null : value));

const optionalFloor = z
  .string()
  .trim()
  .max(20)
  .nullish()
  .transform((value) => (value === '' ? null : value));

/** POST /units (building managers of the building). */
export const unitCreateBodySchema = z.strictObject({
  building_id: idSchema,
  name: unitName,
  floor: optionalFloor,
  intercom_code: optionalIntercomCode,
  kone_area_id: optionalKoneAreaId,
});

/**
 * PUT /units/{id}: name, floor and the two delegates (people of the unit who speak for it). A
 * delegate must be a member of the unit; null removes one.
 */
export const unitUpdateBodySchema = z.strictObject({
  name: unitName.optional(),
  floor: optionalFloor,
  intercom_code: optionalIntercomCode,
  kone_area_id: optionalKoneAreaId,
  delegate_user_id: idSchema.nullish(),
  alt_delegate_user_id: idSchema.nullish(),
});

export const UNIT_PRELOADS = [
  'members_user',
  'building_doors',
  'active_visitors',
  'entry_schedules',
  'delegate_user',
  'alt_delegate_user',
] as const;

/** `?preloads=members_user,building_doors,…` of GET /units/{id} (spec 7). */
export const unitPreloadsQuerySchema = preloadsQuerySchema(UNIT_PRELOADS);

/** GET /units: the units the caller may list, optionally of one building. */
export const unitListQuerySchema = pagedListQuerySchema(['name', 'inserted_at'], 'name').extend({
  building_id: idSchema.optional(),
});

export const unitSchema = z.object({
  id: idSchema,
  building_id: idSchema,
  name: z.string(),
  floor: z.string().nullable(),
  intercom_code: z.string().nullable(),
  kone_area_id: z.string().nullable(),
  building: z.object({ id: idSchema, name: z.string(), time_zone: z.string() }),
  member_count: z.number().int().min(0),
  delegate_user_id: idSchema.nullable(),
  alt_delegate_user_id: idSchema.nullable(),
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
  // Preloads, present when asked for (delegates only for those who may update the unit):
  members_user: z.array(memberSchema).optional(),
  building_doors: z.array(doorSchema).optional(),
  active_visitors: z.array(visitorSchema).optional(),
  entry_schedules: z.array(entryScheduleSchema).optional(),
  delegate_user: personSchema.nullable().optional(),
  alt_delegate_user: personSchema.nullable().optional(),
});

export type Unit = z.infer<typeof unitSchema>;
export type UnitCreateBody = z.input<typeof unitCreateBodySchema>;
export type UnitUpdateBody = z.input<typeof unitUpdateBodySchema>;
