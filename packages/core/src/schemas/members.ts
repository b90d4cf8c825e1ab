import { z } from 'zod';
import { phoneSchema } from '../phone.js';
import { personNameSchema } from './account.js';
import { emailSchema, idSchema, timestampSchema } from './common.js';
import { personSchema } from './managers.js';

export const MEMBER_ROLES = ['member', 'invite_member', 'unit_manager'] as const;
export const memberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** The most members one CSV upload or bulk call may hold. */
export const MAX_BULK_ROWS = 500;

export const memberSchema = z.object({
  id: idSchema,
  unit_id: idSchema,
  role: memberRoleSchema,
  user: personSchema.extend({ phone: z.string().nullable() }),
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
});

/**
 * POST /units/{u}/members: invites a person into the unit. An existing account joins at once; a new
 * email gets an account and an invite mail. Name and phone only fill in a new account.
 */
export const memberCreateBodySchema = z.strictObject({
  email: emailSchema,
  first_name: personNameSchema,
  last_name: personNameSchema,
  phone: phoneSchema,
  role: memberRoleSchema.default('member'),
});

/** PUT /units/{u}/members/{m}: the role in the unit. */
export const memberUpdateBodySchema = z.strictObject({ role: memberRoleSchema });

/** POST /units/{u}/members/bulk_create: all or nothing. */
export const memberBulkCreateBodySchema = z.strictObject({
  members: z.array(memberCreateBodySchema).min(1).max(MAX_BULK_ROWS),
});

/** One CSV row as checked by bulk_validate: the values as they will be saved, and what is wrong. */
export const bulkRowSchema = z.object({
  row: z.number().int().min(1),
  values: z.record(z.string(), z.string().nullable()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

/** The reply of bulk_validate (members and visitors alike). */
export const bulkValidationSchema = z.object({
  rows: z.array(bulkRowSchema),
  valid: z.number().int().min(0),
  invalid: z.number().int().min(0),
});

export type Member = z.infer<typeof memberSchema>;
export type MemberCreateBody = z.input<typeof memberCreateBodySchema>;
export type BulkValidation = z.infer<typeof bulkValidationSchema>;
