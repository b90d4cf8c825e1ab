import { z } from 'zod';
import type { ErrorItem } from './errors.js';

/** Every reply is `{data, errors, meta}` (spec 3 and 7). */
export interface Envelope<T> {
  data: T;
  errors: ErrorItem[];
  meta: Record<string, unknown>;
}

export function ok<T>(data: T, meta: Record<string, unknown> = {}): Envelope<T> {
  return { data, errors: [], meta };
}

export function failure(errors: ErrorItem[], meta: Record<string, unknown> = {}): Envelope<null> {
  return { data: null, errors, meta };
}

const errorItemSchema = z.object({ code: z.string(), message: z.string(), field: z.string().optional() });

/** The reply schema for a route whose `data` has the given shape (drives serialisation and OpenAPI). */
export function envelopeOf<T extends z.ZodType>(
  data: T,
  meta: z.ZodType = z.record(z.string(), z.unknown()),
) {
  return z.object({ data, errors: z.array(errorItemSchema), meta });
}

export const errorEnvelopeSchema = envelopeOf(z.null());
