import { z } from 'zod';
import { phoneSchema } from '../phone.js';
import { emailSchema, idSchema, timestampSchema } from './common.js';
import { MAX_BULK_ROWS } from './members.js';

export const VISITOR_STATES = ['upcoming', 'active', 'expired', 'revoked'] as const;

export const visitorSchema = z.object({
  id: idSchema,
  unit_id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  valid_from: timestampSchema,
  valid_until: timestampSchema,
  revoked_at: timestampSchema.nullable(),
  /** Where the visitor opens their doors: `{PUBLIC_URL}/visitor/{uuid}`, unguessable. */
  link: z.string(),
  state: z.enum(VISITOR_STATES),
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
});

const visitorName = z.string().trim().min(1, 'A visitor needs a name').max(120);
const optionalEmail = emailSchema.nullish().or(z.literal('').transform(() => null));

// Absent or null: the default (from now, for 24 hours). Null is what bulk_validate gives for an empty cell.
const validity = {
  valid_from: z.iso.datetime({ offset: true }).nullish(),
  valid_until: z.iso.datetime({ offset: true }).nullish(),
};

const endsAfterStart = (value: { valid_from?: string | null; valid_until?: string | null }) =>
  !value.valid_from || !value.valid_until || Date.parse(value.valid_from) < Date.parse(value.valid_until);
const rangeError = { message: 'The link must end after it starts', path: ['valid_until'] };

/** POST /units/{u}/visitors: by default valid from now for 24 hours. */
export const visitorCreateBodySchema = z
  .strictObject({ name: visitorName, email: optionalEmail, phone: phoneSchema, ...validity })
  .refine(endsAfterStart, rangeError);

/** PUT /units/{u}/visitors/{v}: `revoked: true` stops the link at once (false lets it work again). */
export const visitorUpdateBodySchema = z
  .strictObject({
    name: visitorName.optional(),
    email: optionalEmail,
    phone: phoneSchema,
    ...validity,
    revoked: z.boolean().optional(),
  })
  .refine(endsAfterStart, rangeError);

export const visitorBulkCreateBodySchema = z.strictObject({
  visitors: z.array(visitorCreateBodySchema).min(1).max(MAX_BULK_ROWS),
});

/** GET /visitors/{uuid} (no sign-in): what the visitor's page shows. */
export const visitorAccessSchema = z.object({
  visitor: z.object({
    name: z.string(),
    valid_from: timestampSchema,
    valid_until: timestampSchema,
    /** `upcoming` before the link starts (no doors yet), else `active`. */
    state: z.enum(['upcoming', 'active']),
  }),
  unit: z.object({ name: z.string() }),
  building: z.object({ name: z.string(), time_zone: z.string() }),
  doors: z.array(z.object({ id: idSchema, name: z.string(), is_entrance: z.boolean() })),
});

/** POST /doors/{d}/open_visitor (no sign-in). */
export const openVisitorBodySchema = z.strictObject({ uuid: z.uuid() });

export type Visitor = z.infer<typeof visitorSchema>;
export type VisitorCreateBody = z.input<typeof visitorCreateBodySchema>;
export type VisitorAccess = z.infer<typeof visitorAccessSchema>;
