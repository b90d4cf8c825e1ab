import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.js';

/*
 * Building blocks of the wire format (decision 002): snake_case keys, ids as UUID strings, every reply
 * in an envelope. Request bodies are strict objects, so a misspelt field is refused instead of being
 * silently ignored; reply objects strip unknown keys, so an older client keeps working when the server
 * adds a field.
 */

/** An id made by the server (UUIDv7, but any RFC 9562 UUID is accepted). */
export const idSchema = z.uuid();

/** 254 is the longest address SMTP can deliver to. Trimmed and lowercased so one address has one spelling. */
export const emailSchema = z.string().trim().toLowerCase().max(254).check(z.email());

/** A new password. Never trimmed: every character the user typed is part of it. */
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/**
 * An existing password, at sign-in or to confirm a change. The rules for new passwords do not apply:
 * a password set under older rules must still work. The maximum only bounds the cost of hashing.
 */
export const currentPasswordSchema = z.string().min(1).max(1024);

/** A single-use token sent by email (password reset, email change, invite). */
export const emailedTokenSchema = z.string().min(1).max(1024);

/** A point in time as an ISO 8601 string, e.g. "2025-01-31T09:30:00.000Z". */
export const timestampSchema = z.iso.datetime({ offset: true });

/** One entry of a reply's `errors`; `field` names the input field, dotted for nested fields. */
export const errorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});

const defaultMetaSchema = z.record(z.string(), z.unknown());

type EnvelopeSchema<Data extends z.ZodType, Meta extends z.ZodType> = z.ZodObject<{
  data: Data;
  errors: z.ZodArray<typeof errorItemSchema>;
  meta: Meta;
}>;

/** The reply `{data, errors, meta}` around `dataSchema`; `meta` is any object unless a schema is given. */
export function envelopeSchema<Data extends z.ZodType>(
  dataSchema: Data,
): EnvelopeSchema<Data, typeof defaultMetaSchema>;
export function envelopeSchema<Data extends z.ZodType, Meta extends z.ZodType>(
  dataSchema: Data,
  metaSchema: Meta,
): EnvelopeSchema<Data, Meta>;
export function envelopeSchema(dataSchema: z.ZodType, metaSchema: z.ZodType = defaultMetaSchema) {
  return z.object({ data: dataSchema, errors: z.array(errorItemSchema), meta: metaSchema });
}

export type ErrorItem = z.infer<typeof errorItemSchema>;
export type Envelope<Data, Meta = Record<string, unknown>> = { data: Data; errors: ErrorItem[]; meta: Meta };
