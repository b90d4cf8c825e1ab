import type { z } from 'zod';
import { DriverError } from './types.js';

/**
 * Reads a door's config or secrets through the driver's own schema from packages/core. The caller has
 * already validated them, so this mostly gives the driver typed values; it also turns a door saved
 * under an older schema into a clear DriverError instead of a crash deep inside the driver. Only the
 * names of the offending fields go into the message, never their values (they may be secrets).
 */
export function readDriverSettings<Schema extends z.ZodType>(
  schema: Schema,
  value: Record<string, unknown>,
  what: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || '(root)'))];
  throw new DriverError(`The door's ${what} are invalid: ${fields.join(', ')}`, 'config');
}
