/**
 * The door driver layer: one interface in front of every kind of lock.
 *
 * - A driver talks to its device and nothing else. It never touches the database: the doors service
 *   decrypts the secrets, calls `driverFor(door.driver, ctx).open(door)` outside any transaction, and then
 *   records the door log row and the new status in one transaction of its own.
 * - Drivers keep no state between calls, so every server process answers the same. What a stateless
 *   driver needs to know about the past (the simulated lock's unlock time) comes in `lastStatus` and
 *   `lastStatusAt`, read from the database by the caller.
 * - Every failure is a `DriverError` whose `kind` tells the caller what went wrong; its message is fit
 *   for a door log reason or a status `detail` and never holds a password.
 */
import type { DoorDriverName, DoorStatusValue } from '@gatehouse/core';

/** What a device can tell us about itself; `unknown` and `error` are the service's own words. */
export type DriverStatus = 'locked' | 'unlocked' | 'offline';

export interface DriverDoor {
  id: string;
  driver: DoorDriverName;
  /** `driver_config`, already validated with the driver's config schema (defaults applied). */
  config: Record<string, unknown>;
  /** Decrypted, validated with the driver's secrets schema. */
  secrets: Record<string, unknown>;
  /** Last status recorded in the database and when, so stateless drivers can reason about time. */
  lastStatus: DoorStatusValue;
  lastStatusAt: Date | null;
}

export interface DoorOpened {
  status: DriverStatus;
  /** How long the door stays unlocked before it locks by itself, when the driver knows. */
  relockAfterMs?: number;
}

export interface DoorStatusReading {
  status: DriverStatus;
  /** A short human-readable remark for the API's `detail`. */
  detail?: string;
}

export interface DoorDriver {
  /** Opens the door. Resolves with the status right after opening, or throws DriverError. */
  open(door: DriverDoor): Promise<DoorOpened>;
  /** Reads the current status. Throws DriverError when the device cannot be reached or answers wrongly. */
  status(door: DriverDoor): Promise<DoorStatusReading>;
}

/**
 * - `offline`: the device cannot be reached (or, for the simulated lock, is configured unreachable).
 * - `timeout`: the device did not answer within the door's `timeout_ms`.
 * - `auth`: the device refused our credentials, or we have none it accepts.
 * - `protocol`: the device answered, but with an error or something we do not understand.
 * - `config`: the door's stored settings do not fit its driver (saved under an older schema, say).
 */
export type DriverErrorKind = 'offline' | 'timeout' | 'auth' | 'protocol' | 'config';

export class DriverError extends Error {
  override readonly name = 'DriverError';

  constructor(
    message: string,
    readonly kind: DriverErrorKind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Milliseconds since the epoch; injected so time-based behaviour can be tested without sleeping. */
export type Clock = () => number;
