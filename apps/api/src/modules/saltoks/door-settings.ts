import { type DoorDriverName, saltoksDriverConfigSchema } from '@gatehouse/core';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { invalidField } from '../../http/errors.js';
import { SaltoKsError } from './client.js';
import { buildingSiteId } from './repository.js';

type SaltoKsDoorConfig = z.output<typeof saltoksDriverConfigSchema>;

/**
 * A door's settings as they are saved: other drivers' unchanged. What saving a `saltoks` door adds to its schema's checks (decision 008): the site is the door's own
 * or else its building's, and is stored with the door (a lock belongs to its site); the lock must
 * exist in that site (422 on `driver_config.lock_id`); `pin_user_id` is the server's, carried over
 * from the stored settings while the site stays the same, never taken from the request.
 */
export async function completeDoorConfig(
  ctx: Pick<AppContext, 'db' | 'saltoks'>,
  buildingId: string,
  driver: DoorDriverName,
  config: Record<string, unknown>,
  stored?: { driver: string; driverConfig: unknown },
): Promise<Record<string, unknown>> {
  if (driver !== 'saltoks') return config;
  // Already checked by the driver's schema; parsed again for its type.
  const { pin_user_id: _fromRequest, ...requested } = saltoksDriverConfigSchema.parse(config);
  const siteId = requested.site_id ?? (await buildingSiteId(ctx.db, buildingId));
  if (!siteId) {
    throw invalidField('driver_config.site_id', 'Link the building to a Salto KS site first');
  }
  try {
    await ctx.saltoks.getLock(siteId, requested.lock_id);
  } catch (error) {
    if (error instanceof SaltoKsError && error.failure === 'not_found') {
      throw invalidField('driver_config.lock_id', 'This lock is not in the Salto KS site');
    }
    throw error;
  }
  const previous =
    stored?.driver === 'saltoks' ? (stored.driverConfig as Partial<SaltoKsDoorConfig> | null) : undefined;
  const pinUserId = previous?.site_id === siteId ? previous.pin_user_id : undefined;
  return { ...requested, site_id: siteId, ...(pinUserId ? { pin_user_id: pinUserId } : {}) };
}

/**
 * `PUT …/pincode` of a `saltoks` door: the PIN goes to the door's own Salto KS site user ("Gatehouse
 * keypad" + the door's name), made on first use (again if it was deleted in Salto KS). Resolves with
 * the door's new `driver_config` when the user is new, for the caller to store with the PIN's hash;
 * throws (502/503, nothing to store) when Salto KS does not take the PIN. Other drivers: nothing to do.
 */
export async function setProviderPin(
  ctx: Pick<AppContext, 'saltoks'>,
  door: { id: string; name: string; driver: DoorDriverName; driverConfig: unknown },
  pin: string,
): Promise<{ driverConfig?: Record<string, unknown> }> {
  if (door.driver !== 'saltoks') return {};
  const parsed = saltoksDriverConfigSchema.safeParse(door.driverConfig);
  if (!parsed.success || !parsed.data.site_id) {
    throw invalidField('driver_config.site_id', 'Save the door with its Salto KS site first');
  }
  const config = parsed.data;
  const siteId = config.site_id!;
  if (config.pin_user_id) {
    try {
      await ctx.saltoks.setUserPin(siteId, config.pin_user_id, pin);
      return {};
    } catch (error) {
      if (!(error instanceof SaltoKsError && error.failure === 'not_found')) throw error;
    }
  }
  const user = await ctx.saltoks.createUser(siteId, {
    first_name: 'Gatehouse keypad',
    last_name: door.name,
    customer_reference: `gatehouse-door:${door.id}`,
  });
  // Right after it was made, Salto KS may answer 404 for the user: the client retries that.
  await ctx.saltoks.setUserPin(siteId, user.id, pin);
  return { driverConfig: { ...config, pin_user_id: user.id } };
}
