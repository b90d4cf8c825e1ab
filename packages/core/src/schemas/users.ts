import { z } from 'zod';
import { LOCALES } from '../constants.js';
import { phoneSchema } from '../phone.js';
import { personNameSchema } from './account.js';
import { emailSchema, idSchema, timestampSchema } from './common.js';
import { pagedListQuerySchema, preloadsQuerySchema } from './lists.js';
import { memberRoleSchema } from './members.js';
import { sessionSchema } from './session.js';

/** A user account as a superadmin sees it (GET /users, /users/{id}). */
export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.enum(LOCALES),
  is_superadmin: z.boolean(),
  mfa_enabled: z.boolean(),
  invite_pending: z.boolean(),
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
  // Preloads (spec 7):
  memberships_unit_building: z
    .array(
      z.object({
        id: idSchema,
        role: memberRoleSchema,
        unit: z.object({ id: idSchema, name: z.string() }),
        building: z.object({ id: idSchema, name: z.string() }),
      }),
    )
    .optional(),
  managerships_building: z
    .array(z.object({ id: idSchema, building: z.object({ id: idSchema, name: z.string() }) }))
    .optional(),
  sessions: z.array(sessionSchema.omit({ current: true })).optional(),
});

export const userListQuerySchema = pagedListQuerySchema(['email', 'last_name', 'inserted_at'], 'email');

export const USER_PRELOADS = ['memberships_unit_building', 'managerships_building', 'sessions'] as const;

export const userPreloadsQuerySchema = preloadsQuerySchema(USER_PRELOADS);

/** PUT /users/{id} (superadmin): an email set here takes effect at once (no confirmation mail). */
export const userUpdateBodySchema = z.strictObject({
  email: emailSchema.optional(),
  first_name: personNameSchema,
  last_name: personNameSchema,
  phone: phoneSchema,
  locale: z.enum(LOCALES).optional(),
  is_superadmin: z.boolean().optional(),
});

/** GET /me/doors: each door the user may open now, and why. */
export const myDoorSchema = z.object({
  id: idSchema,
  name: z.string(),
  is_entrance: z.boolean(),
  status: z.string(),
  building: z.object({ id: idSchema, name: z.string() }),
  reason: z.discriminatedUnion('type', [
    z.object({ type: z.literal('superadmin') }),
    z.object({ type: z.literal('building_manager') }),
    z.object({
      type: z.literal('schedule'),
      unit: z.object({ id: idSchema, name: z.string() }),
      time_start: z.string(),
      time_end: z.string(),
      date_end: z.string(),
    }),
  ]),
});

export type User = z.infer<typeof userSchema>;
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;
export type MyDoor = z.infer<typeof myDoorSchema>;
