import type { DoorDriverName } from '@gatehouse/core';
import type { SaltoKsClient } from '../../saltoks/client.js';
import { createHttpRelayDriver } from './http-relay-driver.js';
import { createSaltoKsDriver } from './saltoks-driver.js';
import { createSimulatedDriver } from './simulated-driver.js';
import type { DoorDriver } from './types.js';

export type {
  DoorDriver,
  DoorOpened,
  DoorStatusReading,
  DriverDoor,
  DriverErrorKind,
  DriverStatus,
} from './types.js';
export { DriverError } from './types.js';

// Drivers keep no state, so one of each serves every door and every request.
const drivers: Record<Exclude<DoorDriverName, 'saltoks'>, DoorDriver> = {
  simulated: createSimulatedDriver(),
  http_relay: createHttpRelayDriver(),
};

/** What provider drivers need from the app context: the clients of the providers' clouds. */
export interface DriverDependencies {
  saltoks: SaltoKsClient;
}

// A provider driver holds its client (the process's one, with its cached token), one per client.
const saltoksDrivers = new WeakMap<SaltoKsClient, DoorDriver>();

/** The driver of a door; provider drivers need `dependencies` (the app context has them). */
export function driverFor(name: DoorDriverName, dependencies?: DriverDependencies): DoorDriver {
  if (name !== 'saltoks') return drivers[name];
  if (!dependencies) throw new Error('The saltoks driver needs the Salto KS client');
  let driver = saltoksDrivers.get(dependencies.saltoks);
  if (!driver) {
    driver = createSaltoKsDriver(dependencies.saltoks);
    saltoksDrivers.set(dependencies.saltoks, driver);
  }
  return driver;
}
