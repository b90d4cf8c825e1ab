import type { DoorDriverName } from '@gatehouse/core';
import { createHttpRelayDriver } from './http-relay-driver.js';
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
const drivers: Record<DoorDriverName, DoorDriver> = {
  simulated: createSimulatedDriver(),
  http_relay: createHttpRelayDriver(),
};

export function driverFor(name: DoorDriverName): DoorDriver {
  return drivers[name];
}
