import { z } from 'zod';
import { currentPasswordSchema, emailSchema, idSchema, timestampSchema } from './common.js';

/*
 * Intercom devices talk to the server with their own account (spec 3: an intercom's email and
 * password). They sign in for a device token, open their door, check a keypad PIN and report calls.
 */

/** POST /devices/session. */
export const deviceSessionBodySchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
});

export const deviceTokenSchema = z.object({
  access: z.string(),
  access_exp: z.number().int(),
  intercom: z.object({ id: idSchema, door_id: idSchema, building_id: idSchema }),
});

/** POST /devices/pincode: a PIN typed on the door's keypad. */
export const devicePincodeBodySchema = z.strictObject({
  pincode: z.string().regex(/^\d{4,8}$/, 'A PIN code is 4 to 8 digits'),
});

/** POST /devices/door/open: the intercom opens its own door (e.g. a resident pressed "open" during a call). */
export const deviceOpenBodySchema = z.preprocess(
  (body) => body ?? {},
  z.strictObject({
    /** The device's id of the call during which the door was opened, if any. */
    call_external_id: z.string().trim().min(1).max(200).optional(),
  }),
);

/**
 * POST /devices/calls: a call as the device knows it now. Reports of the same call (same
 * `external_id`) may come several times and in any order; the server keeps one row with the most
 * advanced state.
 */
export const callReportBodySchema = z.strictObject({
  external_id: z.string().trim().min(1).max(200),
  started_at: timestampSchema,
  answered_at: timestampSchema.nullish(),
  ended_at: timestampSchema.nullish(),
  /** The unit called: its id, or the code dialled on the panel (`units.intercom_code`). */
  unit_id: idSchema.nullish(),
  called: z.string().trim().max(200).nullish(),
  door_opened: z.boolean().optional(),
});

export type CallReportBody = z.input<typeof callReportBodySchema>;
