import { simulatedDriverConfigSchema } from '@gatehouse/core';
import { describe, expect, it } from 'vitest';
import { driverFor } from './index.js';
import { createSimulatedDriver } from './simulated-driver.js';
import { type DriverDoor, DriverError } from './types.js';

const OPENED_AT = Date.parse('2025-03-01T10:00:00Z');

function simulatedDoor(config: Record<string, unknown>, last: Partial<DriverDoor> = {}): DriverDoor {
  return {
    id: 'door-1',
    driver: 'simulated',
    // The caller hands over config already validated, defaults applied.
    config: simulatedDriverConfigSchema.parse(config),
    secrets: {},
    lastStatus: 'unknown',
    lastStatusAt: null,
    ...last,
  };
}

/** A clock that stands still until the test moves it. */
function fakeClock(start: number) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('simulated driver', () => {
  it('opens to unlocked and says when it locks again', async () => {
    const driver = createSimulatedDriver({ now: fakeClock(OPENED_AT).now });
    await expect(driver.open(simulatedDoor({ unlock_seconds: 7 }))).resolves.toEqual({
      status: 'unlocked',
      relockAfterMs: 7000,
    });
  });

  it('stays unlocked for unlock_seconds after the recorded open, then locks', async () => {
    const clock = fakeClock(OPENED_AT);
    const driver = createSimulatedDriver({ now: clock.now });
    const door = simulatedDoor(
      { unlock_seconds: 7 },
      { lastStatus: 'unlocked', lastStatusAt: new Date(OPENED_AT) },
    );

    await expect(driver.status(door)).resolves.toEqual({ status: 'unlocked', detail: 'Locks again in 7 s' });
    clock.advance(6999);
    await expect(driver.status(door)).resolves.toEqual({ status: 'unlocked', detail: 'Locks again in 1 s' });
    clock.advance(1);
    await expect(driver.status(door)).resolves.toEqual({ status: 'locked' });
  });

  it('is locked when nothing opened it', async () => {
    const driver = createSimulatedDriver({ now: fakeClock(OPENED_AT).now });
    await expect(driver.status(simulatedDoor({}))).resolves.toEqual({ status: 'locked' });
    const lockedEarlier = simulatedDoor({}, { lastStatus: 'locked', lastStatusAt: new Date(OPENED_AT) });
    await expect(driver.status(lockedEarlier)).resolves.toEqual({ status: 'locked' });
  });

  it('keeps no state of its own, so every server process answers the same', async () => {
    const clock = fakeClock(OPENED_AT);
    const door = simulatedDoor({ unlock_seconds: 5 });
    await createSimulatedDriver({ now: clock.now }).open(door);

    // Another process that did not do the opening: only the recorded status counts.
    const otherProcess = createSimulatedDriver({ now: clock.now });
    await expect(otherProcess.status(door)).resolves.toEqual({ status: 'locked' });
    const recorded = { ...door, lastStatus: 'unlocked' as const, lastStatusAt: new Date(OPENED_AT) };
    await expect(otherProcess.status(recorded)).resolves.toMatchObject({ status: 'unlocked' });
  });

  it('is unreachable when configured offline, for open and status alike', async () => {
    const driver = createSimulatedDriver({ now: fakeClock(OPENED_AT).now });
    const door = simulatedDoor({ offline: true });
    for (const call of [driver.open(door), driver.status(door)]) {
      const error = await call.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DriverError);
      expect(error).toMatchObject({ kind: 'offline' });
    }
  });

  it('reports settings that do not fit its schema as a config error', async () => {
    const driver = createSimulatedDriver();
    const door = { ...simulatedDoor({}), config: { unlock_seconds: 'soon' } };
    await expect(driver.open(door)).rejects.toMatchObject({
      kind: 'config',
      message: expect.stringContaining('unlock_seconds'),
    });
  });

  it('is the driver driverFor gives for simulated doors', async () => {
    const door = simulatedDoor({ unlock_seconds: 3 });
    await expect(driverFor('simulated').open(door)).resolves.toEqual({
      status: 'unlocked',
      relockAfterMs: 3000,
    });
  });
});
