import { driverSchemas } from '@gatehouse/core';
import { createGuardrails, generate } from 'otplib';
import { type SaltoKsClient, SaltoKsError } from '../../saltoks/client.js';
import { readDriverSettings } from './driver-settings.js';
import { type DoorDriver, type DriverDoor, DriverError } from './types.js';

// Salto KS lock secrets are not all the 16 bytes RFC 4226 recommends; the lock decides, not us.
const otpGuardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/**
 * A Salto KS lock, through the Connect API: opening is the lock's `locking` call with a one-time
 * password made from the lock's OTP secret (a door secret); the status is the lock's own (online,
 * locked state, battery). The site is the one saved with the door (the building's site by default,
 * filled in when the door is saved). Stateless like every driver: the client it shares keeps only the
 * provider's access token.
 */
export function createSaltoKsDriver(client: SaltoKsClient): DoorDriver {
  return {
    async open(door) {
      const { config, siteId, otpSecret } = readLock(door, { needsSecret: true });
      const otp = await generate({ secret: otpSecret!, guardrails: otpGuardrails }).catch(() => {
        throw new DriverError('The lock’s OTP secret is not a usable TOTP secret', 'config');
      });
      await withDriverErrors(() => client.unlock(siteId, config.lock_id, otp));
      return { status: 'unlocked', relockAfterMs: config.unlock_seconds * 1000 };
    },

    async status(door) {
      const { config, siteId } = readLock(door, { needsSecret: false });
      const lock = await withDriverErrors(() => client.getLock(siteId, config.lock_id));
      const battery = lock.battery_level ? `Battery ${lock.battery_level}` : undefined;
      if (!lock.online) return { status: 'offline', detail: battery ?? 'The lock is offline' };
      return { status: lock.locked_state, ...(battery ? { detail: battery } : {}) };
    },
  };
}

function readLock(door: DriverDoor, { needsSecret }: { needsSecret: boolean }) {
  const schemas = driverSchemas.saltoks;
  const config = readDriverSettings(schemas.config, door.config, 'Salto KS settings');
  const secrets = readDriverSettings(schemas.secrets, door.secrets, 'Salto KS secrets');
  if (!config.site_id) {
    throw new DriverError(
      'The door has no Salto KS site; link the building to a site and save the door',
      'config',
    );
  }
  if (needsSecret && !secrets.otp_secret) {
    throw new DriverError('The door has no OTP secret for its Salto KS lock', 'config');
  }
  return { config, siteId: config.site_id, otpSecret: secrets.otp_secret };
}

/** The client's failures in the driver's words; the provider's own message stays (e.g. "Otp is invalid"). */
async function withDriverErrors<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!(error instanceof SaltoKsError)) throw error;
    const providerMessage = error.provider.message;
    switch (error.failure) {
      case 'not_configured':
        throw new DriverError(error.message, 'config');
      case 'offline':
      case 'timeout':
        throw new DriverError(error.message, error.failure);
      case 'auth':
        throw new DriverError(error.message, 'auth');
      case 'not_found':
        throw new DriverError(
          `The Salto KS lock was not found (${providerMessage ?? 'not found'})`,
          'config',
        );
      case 'provider':
        if (providerMessage && /\botp\b/i.test(providerMessage))
          throw new DriverError(providerMessage, 'auth');
        if (providerMessage && /offline/i.test(providerMessage))
          throw new DriverError(providerMessage, 'offline');
        throw new DriverError(error.message, 'protocol');
    }
  }
}
