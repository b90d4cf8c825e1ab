import { z } from 'zod';
import { personNameSchema } from './account.js';
import { emailSchema, idSchema, timestampSchema } from './common.js';

/** A person as other people see them: no phone, no roles. */
export const personSchema = z.object({
  id: idSchema,
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** True while an invited person has not chosen a password yet. */
  invite_pending: z.boolean(),
});

export const managerSchema = z.object({
  id: idSchema,
  building_id: idSchema,
  user: personSchema,
  inserted_at: timestampSchema,
});

/** POST /buildings/{b}/managers: an existing user gains the role; a new one is invited by mail. */
export const managerCreateBodySchema = z.strictObject({
  email: emailSchema,
  first_name: personNameSchema,
  last_name: personNameSchema,
});

export type Person = z.infer<typeof personSchema>;
export type Manager = z.infer<typeof managerSchema>;
export type ManagerCreateBody = z.input<typeof managerCreateBodySchema>;
