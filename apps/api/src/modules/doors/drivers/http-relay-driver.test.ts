import { inspect } from 'node:util';
import { httpRelayDriverConfigSchema } from '@gatehouse/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpRelayDriver } from './http-relay-driver.js';
import { driverFor } from './index.js';
import {
  closedPortUrl,
  type FakeRelay,
  type FakeRelaySettings,
  startFakeRelay,
} from './testing/fake-2n-relay.js';
import { type DriverDoor, DriverError } from './types.js';

const PASSWORD = 'Tr0ub4dor&3-relay';
const driver = createHttpRelayDriver();

let relay: FakeRelay | undefined;
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

async function startRelay(settings: Partial<FakeRelaySettings> = {}) {
  relay = await startFakeRelay({ username: 'admin', password: PASSWORD, ...settings });
  return relay;
}

function relayDoor(config: Record<string, unknown>, password: string | undefined = PASSWORD): DriverDoor {
  return {
    id: 'door-1',
    driver: 'http_relay',
    // The caller hands over config already validated, defaults applied.
    config: httpRelayDriverConfigSchema.parse(config),
    secrets: password === undefined ? {} : { password },
    lastStatus: 'unknown',
    lastStatusAt: null,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<DriverError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DriverError)) throw new Error(`Expected a DriverError, got ${inspect(error)}`);
  return error;
}

describe('http_relay driver: opening', () => {
  it('triggers the switch without authentication', async () => {
    const { url, requests } = await startRelay({ auth: 'none' });
    await expect(driver.open(relayDoor({ url, auth: 'none', unlock_seconds: 4 }))).resolves.toEqual({
      status: 'unlocked',
      relockAfterMs: 4000,
    });
    expect(requests.map((request) => request.path)).toEqual(['/api/switch/ctrl?switch=1&action=trigger']);
  });

  it('sends basic credentials', async () => {
    const { url, requests } = await startRelay({ auth: 'basic' });
    await expect(driver.open(relayDoor({ url, auth: 'basic', username: 'admin' }))).resolves.toMatchObject({
      status: 'unlocked',
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.authorization).toMatch(/^Basic /);
  });

  it('answers a digest challenge, choosing SHA-256 when MD5 is offered too', async () => {
    const { url, requests } = await startRelay({ auth: 'digest', digestAlgorithms: ['MD5', 'SHA-256'] });
    await expect(driver.open(relayDoor({ url, auth: 'digest', username: 'admin' }))).resolves.toMatchObject({
      status: 'unlocked',
    });
    expect(requests.map((request) => request.acceptedDigest)).toEqual([undefined, 'SHA-256']);
  });

  it('answers an MD5-only digest challenge', async () => {
    const { url, requests } = await startRelay({ auth: 'digest', digestAlgorithms: ['MD5'] });
    await expect(driver.open(relayDoor({ url, auth: 'digest', username: 'admin' }))).resolves.toMatchObject({
      status: 'unlocked',
    });
    expect(requests.at(-1)?.acceptedDigest).toBe('MD5');
  });

  it('uses the configured switch and a path prefix in the URL', async () => {
    const { url, requests } = await startRelay({
      auth: 'digest',
      switches: [{ switch: 3, active: false, locked: false }],
    });
    // A prefix the fake does not serve: the request must carry it, and the 404 is a protocol error.
    const prefixed = await failureOf(
      driver.open(relayDoor({ url: `${url}/relay/`, switch: 3, username: 'admin' })),
    );
    expect(prefixed).toMatchObject({
      kind: 'protocol',
      message: expect.stringContaining('function not found'),
    });
    expect(requests.at(-1)?.path).toBe('/relay/api/switch/ctrl?switch=3&action=trigger');

    await expect(driver.open(relayDoor({ url, switch: 3, username: 'admin' }))).resolves.toMatchObject({
      status: 'unlocked',
    });
  });
});

describe('http_relay driver: failures', () => {
  it('is an auth error when the basic password is wrong', async () => {
    const { url } = await startRelay({ auth: 'basic' });
    const error = await failureOf(
      driver.open(relayDoor({ url, auth: 'basic', username: 'admin' }, 'wrong-pass')),
    );
    expect(error.kind).toBe('auth');
  });

  it('is an auth error when the digest password is wrong, after one digest attempt', async () => {
    const { url, requests } = await startRelay({ auth: 'digest' });
    const error = await failureOf(
      driver.open(relayDoor({ url, auth: 'digest', username: 'admin' }, 'wrong-pass')),
    );
    expect(error.kind).toBe('auth');
    expect(requests.map((request) => request.authorization?.split(' ')[0])).toEqual([undefined, 'Digest']);
  });

  it('is an auth error when a protected relay gets no credentials', async () => {
    const { url } = await startRelay({ auth: 'digest' });
    const error = await failureOf(driver.open(relayDoor({ url, auth: 'none' })));
    expect(error).toMatchObject({ kind: 'auth', message: expect.stringContaining('requires a login') });
  });

  it('is a protocol error carrying 2N’s text when the relay answers success: false', async () => {
    const { url } = await startRelay({ auth: 'none', failWith: 'switch disabled by policy' });
    const error = await failureOf(driver.open(relayDoor({ url, auth: 'none' })));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe('The relay refused: switch disabled by policy, error 12');
  });

  it('is a protocol error naming the parameter when the switch does not exist', async () => {
    const { url } = await startRelay({ auth: 'none' });
    const error = await failureOf(driver.open(relayDoor({ url, auth: 'none', switch: 9 })));
    expect(error).toMatchObject({
      kind: 'protocol',
      message: 'The relay refused: invalid parameter value, parameter switch, error 14',
    });
  });

  it('is a protocol error when the answer is not a 2N reply', async () => {
    const { url } = await startRelay({ auth: 'none', answerHtml: true });
    const error = await failureOf(driver.open(relayDoor({ url, auth: 'none' })));
    expect(error).toMatchObject({ kind: 'protocol', message: 'The relay’s answer is not a 2N API reply' });
  });

  it('times out within the configured time when the relay never answers', async () => {
    const { url, requests } = await startRelay({ auth: 'none', hang: true });
    const startedAt = performance.now();
    const error = await failureOf(driver.open(relayDoor({ url, auth: 'none', timeout_ms: 250 })));
    const elapsed = performance.now() - startedAt;
    expect(error).toMatchObject({ kind: 'timeout', message: 'The relay did not answer within 250 ms' });
    expect(requests).toHaveLength(1);
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(1500);
  }, 5_000);

  it('is offline when nothing listens on the port', async () => {
    const url = await closedPortUrl();
    const error = await failureOf(driver.status(relayDoor({ url, auth: 'none' })));
    expect(error).toMatchObject({ kind: 'offline', message: 'The relay cannot be reached (ECONNREFUSED)' });
  });

  it('refuses credentials written into the URL', async () => {
    const error = await failureOf(
      driver.open(relayDoor({ url: `http://admin:${PASSWORD}@127.0.0.1:9`, auth: 'none' })),
    );
    expect(error.kind).toBe('config');
  });

  it('never lets the password into an error, even when the device echoes it', async () => {
    const failures: DriverError[] = [];
    const wrongPassword = `${PASSWORD}-old`;
    for (const auth of ['basic', 'digest'] as const) {
      const { url } = await startRelay({ auth });
      failures.push(await failureOf(driver.open(relayDoor({ url, auth, username: 'admin' }, wrongPassword))));
      await relay?.close();
    }
    const echoing = await startRelay({ auth: 'basic', failWith: `password ${PASSWORD} is about to expire` });
    failures.push(
      await failureOf(driver.open(relayDoor({ url: echoing.url, auth: 'basic', username: 'admin' }))),
    );
    await echoing.close();
    const hanging = await startRelay({ auth: 'digest', hang: true });
    const digestDoor = (url: string) =>
      relayDoor({ url, auth: 'digest', username: 'admin', timeout_ms: 200 });
    failures.push(await failureOf(driver.open(digestDoor(hanging.url))));
    failures.push(await failureOf(driver.status(digestDoor(await closedPortUrl()))));

    expect(failures.map((error) => error.kind)).toEqual(['auth', 'auth', 'protocol', 'timeout', 'offline']);
    expect(failures[2]?.message).toBe('The relay refused: password ••• is about to expire, error 12');
    for (const error of failures) {
      const everything = `${error.message} ${String(error)} ${inspect(error, { depth: 10 })}`;
      expect(everything).not.toContain(PASSWORD);
      expect(everything).not.toContain(Buffer.from(`admin:${PASSWORD}`).toString('base64'));
    }
  });
});

describe('http_relay driver: status', () => {
  it('maps an active switch to unlocked and an inactive one to locked', async () => {
    const { url, requests, settings } = await startRelay({ auth: 'digest' });
    const door = relayDoor({ url, auth: 'digest', username: 'admin' });
    await expect(driver.status(door)).resolves.toEqual({ status: 'locked' });
    expect(requests.at(-1)?.path).toBe('/api/switch/status?switch=1');

    settings.switches[0]!.active = true;
    await expect(driver.status(door)).resolves.toEqual({ status: 'unlocked' });
  });

  it('reads the switch as unlocked right after a trigger', async () => {
    const { url } = await startRelay({ auth: 'basic' });
    const door = relayDoor({ url, auth: 'basic', username: 'admin' });
    await driver.open(door);
    await expect(driver.status(door)).resolves.toEqual({ status: 'unlocked' });
  });

  it('says when the switch is blocked on the device', async () => {
    const { url } = await startRelay({
      auth: 'none',
      switches: [{ switch: 1, active: false, locked: true }],
    });
    await expect(driver.status(relayDoor({ url, auth: 'none' }))).resolves.toEqual({
      status: 'locked',
      detail: 'The switch is blocked on the device',
    });
  });

  it('is the driver driverFor gives for http_relay doors', async () => {
    const { url } = await startRelay({ auth: 'none' });
    await expect(driverFor('http_relay').status(relayDoor({ url, auth: 'none' }))).resolves.toEqual({
      status: 'locked',
    });
  });
});
