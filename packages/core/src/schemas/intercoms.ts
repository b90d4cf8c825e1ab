import { z } from 'zod';
import { emailSchema, idSchema, passwordSchema, timestampSchema } from './common.js';

/**
 * An intercom is a device account on one door (spec 3): it signs in with its email and password.
 * The password is never returned; the email and password change only on a superadmin's update.
 */
export const intercomSchema = z.object({
  id: idSchema,
  door_id: idSchema,
  name: z.string().nullable(),
  model: z.string().nullable(),
  email: z.string(),
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
});

const optionalLabel = z
  .string()
  .trim()
  .max(120)
  .nullish()
  .transform((value) => (value === '' ? null : value));

export const intercomCreateBodySchema = z.strictObject({
  name: optionalLabel,
  model: optionalLabel,
  email: emailSchema,
  password: passwordSchema,
});

/** PUT …/intercom: on an update by anyone but a superadmin, `email` and `password` are ignored. */
export const intercomUpdateBodySchema = z.strictObject({
  name: optionalLabel,
  model: optionalLabel,
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
});

export type Intercom = z.infer<typeof intercomSchema>;
export type IntercomCreateBody = z.input<typeof intercomCreateBodySchema>;
export type IntercomUpdateBody = z.input<typeof intercomUpdateBodySchema>;
