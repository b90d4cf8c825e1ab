import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';
import { elevatorCallSchema } from './kone.js';

/*
 * Door activity and intercom calls (spec 2 "Door activity", "Intercom activity"). Both lists grow
 * without bound, so they page by cursor (newest first), never by offset: `meta.next_cursor` is
 * passed back as `cursor` for the next page and stays valid while new rows arrive.
 */

export const DOOR_LOG_METHODS = [
  'dashboard',
  'webapp',
  'visitor_link',
  'intercom',
  'pincode',
  'api',
  'provider',
] as const;
export const DOOR_LOG_RESULTS = ['opened', 'refused', 'failed'] as const;
export const DOOR_LOG_ACTORS = ['user', 'visitor', 'device', 'api_client', 'provider', 'system'] as const;
export const CALL_STATUSES = ['ringing', 'answered', 'missed'] as const;

export const ACTIVITY_PAGE_SIZE = 50;
export const MAX_ACTIVITY_PAGE_SIZE = 200;

const activityFilters = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  door_id: idSchema.optional(),
  unit_id: idSchema.optional(),
  user_id: idSchema.optional(),
  /** Matches door, person, visitor and unit names, and emails. */
  q: z.string().trim().min(1).max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_ACTIVITY_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
};

const rangeInOrder = (value: { from?: string; to?: string }) =>
  !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to);
const rangeError = { message: 'The range must not end before it starts', path: ['to'] };

/** GET /buildings/{id}/door_logs (and its CSV export). */
export const doorLogListQuerySchema = z
  .object({
    ...activityFilters,
    visitor_id: idSchema.optional(),
    result: z.enum(DOOR_LOG_RESULTS).optional(),
    method: z.enum(DOOR_LOG_METHODS).optional(),
  })
  .refine(rangeInOrder, rangeError);

/** GET /buildings/{id}/calls (and its CSV export). */
export const callListQuerySchema = z
  .object({ ...activityFilters, status: z.enum(CALL_STATUSES).optional() })
  .refine(rangeInOrder, rangeError);

const named = z.object({ id: idSchema, name: z.string() }).nullable();

export const doorLogSchema = z.object({
  id: idSchema,
  occurred_at: timestampSchema,
  door: named,
  actor_type: z.enum(DOOR_LOG_ACTORS),
  /** The person, with their display name (spec 3 rule), when a person acted. */
  user: z.object({ id: idSchema, name: z.string(), email: z.string() }).nullable(),
  visitor: named,
  intercom: named,
  unit: named,
  method: z.enum(DOOR_LOG_METHODS),
  result: z.enum(DOOR_LOG_RESULTS),
  reason: z.string().nullable(),
  /** The elevator called for this entry (KONE, decision 008), once the call is done. */
  elevator_call: elevatorCallSchema.nullable(),
  /** The third-party app that acted for the user (method `api`, OAuth2). */
  oauth2_client: named,
});

export const callSchema = z.object({
  id: idSchema,
  started_at: timestampSchema,
  answered_at: timestampSchema.nullable(),
  ended_at: timestampSchema.nullable(),
  status: z.enum(CALL_STATUSES),
  duration_seconds: z.number().int().min(0).nullable(),
  door_opened: z.boolean(),
  door: named,
  intercom: named,
  unit: named,
  user: z.object({ id: idSchema, name: z.string(), email: z.string() }).nullable(),
});

/** `meta` of an activity page: the cursor of the next (older) page, null at the end. */
export const cursorMetaSchema = z.object({ next_cursor: z.string().nullable() });

export type DoorLog = z.infer<typeof doorLogSchema>;
export type Call = z.infer<typeof callSchema>;
export type DoorLogListQuery = z.input<typeof doorLogListQuerySchema>;
export type CallListQuery = z.input<typeof callListQuerySchema>;
