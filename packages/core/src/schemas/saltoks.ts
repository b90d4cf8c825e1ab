import { z } from 'zod';

/*
 * Salto KS (lock-system provider): the sites, IQs (the gateways locks talk through) and locks of the
 * installation's Salto KS account, read by the building form (link a building to a site) and the door
 * form (link a door to a lock). `name` is Salto KS's `customer_reference` (the id when it has none).
 */

/** `?site_id=` of GET /saltoks/iqs and /saltoks/locks. */
export const saltoksSiteQuerySchema = z.object({
  site_id: z.string().trim().min(1, 'Choose a Salto KS site').max(100),
});

/** One entry of GET /saltoks/sites. */
export const saltoksSiteSchema = z.object({ id: z.string(), name: z.string() });

/** One entry of GET /saltoks/iqs?site_id=. */
export const saltoksIqSchema = z.object({ id: z.string(), name: z.string(), online: z.boolean() });

export const SALTOKS_BATTERY_LEVELS = ['normal', 'low', 'critical'] as const;

/** One entry of GET /saltoks/locks?site_id=. */
export const saltoksLockSchema = z.object({
  id: z.string(),
  name: z.string(),
  online: z.boolean(),
  locked_state: z.enum(['locked', 'unlocked']),
  /** null when Salto KS does not report it. */
  battery_level: z.enum(SALTOKS_BATTERY_LEVELS).nullable(),
  /** The IQ the lock talks through, when it has one. */
  iq_id: z.string().nullable(),
});

export type SaltoksSite = z.infer<typeof saltoksSiteSchema>;
export type SaltoksIq = z.infer<typeof saltoksIqSchema>;
export type SaltoksLock = z.infer<typeof saltoksLockSchema>;
