import { driverSchemas } from '@gatehouse/core';
import { readDriverSettings } from './driver-settings.js';
import { type Clock, type DoorDriver, type DriverDoor, DriverError } from './types.js';

/**
 * A virtual lock with no hardware. Several server processes may serve the same door, so it keeps no
 * state of its own: after an open the caller records `unlocked` with the time, and the lock counts as
 * unlocked until `unlock_seconds` after that moment.
 */
export function createSimulatedDriver({ now = Date.now }: { now?: Clock } = {}): DoorDriver {
  function readConfig(door: DriverDoor) {
    const config = readDriverSettings(driverSchemas.simulated.config, door.config, 'simulated lock settings');
    if (config.offline) throw new DriverError('The simulated lock is set to be offline', 'offline');
    return config;
  }

  return {
    async open(door) {
      const config = readConfig(door);
      return { status: 'unlocked', relockAfterMs: config.unlock_seconds * 1000 };
    },

    async status(door) {
      const config = readConfig(door);
      if (door.lastStatus !== 'unlocked' || door.lastStatusAt === null) return { status: 'locked' };
      const relocksAt = door.lastStatusAt.getTime() + config.unlock_seconds * 1000;
      const remainingMs = relocksAt - now();
      if (remainingMs <= 0) return { status: 'locked' };
      return { status: 'unlocked', detail: `Locks again in ${Math.ceil(remainingMs / 1000)} s` };
    },
  };
}
