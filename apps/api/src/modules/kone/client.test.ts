import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_KONE_BUILDING, type FakeKone, startFakeKone } from '../../../test/fakes/kone.js';
import { AppError } from '../../http/errors.js';
import { KoneClient, type KoneSettings } from './client.js';

let fake: FakeKone;

beforeAll(async () => {
  fake = await startFakeKone();
});
afterAll(() => fake.close());
afterEach(() => {
  Object.assign(fake.failures, {
    badCredentials: false,
    silent: false,
    errorReply: null,
    refuseCalls: null,
    resourcesDown: false,
  });
});

const settings = (overrides: Partial<KoneSettings> = {}): KoneSettings => ({
  apiUrl: fake.apiUrl,
  wsUrl: fake.wsUrl,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  timeoutMs: 2000,
  ...overrides,
});

/** The error item code of a rejected call, e.g. "kone_timeout". */
async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  return { status: appError.status, code: appError.items[0]!.code, message: appError.message };
}

describe('KoneClient', () => {
  it('asks for a token per scope once and reuses it until it expires', async () => {
    const client = new KoneClient(settings());
    const before = fake.tokenRequests.length;
    expect(await client.resources()).toEqual([`building:${FAKE_KONE_BUILDING}`, 'building:9990000952']);
    await client.resources();
    await Promise.all([
      client.buildingConfig(FAKE_KONE_BUILDING),
      client.buildingActions(FAKE_KONE_BUILDING),
    ]);
    await client.buildingConfig(FAKE_KONE_BUILDING);
    expect(fake.tokenRequests.slice(before)).toEqual([
      'application/inventory',
      `application/inventory callgiving/group:${FAKE_KONE_BUILDING}:1`,
    ]);
  });

  it('asks again when the token has expired (with its margin)', async () => {
    const shortLived = await startFakeKone({ tokenSeconds: 30 });
    try {
      const client = new KoneClient({ ...settings(), apiUrl: shortLived.apiUrl, wsUrl: shortLived.wsUrl });
      await client.resources();
      await client.resources();
      // A 30-second token is within the 30-second renewal margin: every call gets a new one.
      expect(shortLived.tokenRequests).toHaveLength(2);
    } finally {
      await shortLived.close();
    }
  });

  it('renews a token KONE no longer accepts, over HTTP and on the WebSocket', async () => {
    const client = new KoneClient(settings());
    await client.resources();
    await client.buildingConfig(FAKE_KONE_BUILDING);
    fake.revokeTokens();
    const before = fake.tokenRequests.length;
    expect(await client.resources()).toHaveLength(2);
    expect(await client.buildingConfig(FAKE_KONE_BUILDING)).toMatchObject({
      destinations: expect.any(Array),
    });
    expect(fake.tokenRequests.length - before).toBe(2);
  });

  it('reads the building config and actions over the WebSocket, matching the request id', async () => {
    const client = new KoneClient(settings());
    const config = (await client.buildingConfig(FAKE_KONE_BUILDING)) as { destinations: unknown[] };
    expect(config.destinations).toHaveLength(4);
    const actions = (await client.buildingActions(FAKE_KONE_BUILDING)) as { call_types: unknown[] };
    expect(actions.call_types).toContainEqual({ action_id: 2, name: 'Destination call' });
    const sent = fake.messages.at(-1)!.message;
    expect(sent).toMatchObject({
      type: 'common-api',
      buildingId: `building:${FAKE_KONE_BUILDING}`,
      callType: 'actions',
      groupId: '1',
    });
    expect(typeof sent.requestId).toBe('string');
  });

  it('makes a destination call and leaves no connection open', async () => {
    const client = new KoneClient(settings());
    const result = await client.callElevator({
      buildingId: FAKE_KONE_BUILDING,
      groupId: '1',
      sourceArea: 1000,
      destinationArea: 3000,
      terminal: 10011,
      action: 2,
    });
    expect(typeof result.sessionId).toBe('number');
    expect(fake.calls().at(-1)).toMatchObject({
      type: 'lift-call-api-v2',
      buildingId: `building:${FAKE_KONE_BUILDING}`,
      callType: 'action',
      groupId: '1',
      payload: { area: 1000, terminal: 10011, call: { action: 2, destination: 3000 } },
    });
    await expect.poll(() => fake.openConnections()).toBe(0);
  });

  it('says when it is not configured, without calling KONE', async () => {
    const before = fake.tokenRequests.length;
    const client = new KoneClient(settings({ clientId: undefined }));
    expect(client.configured).toBe(false);
    expect(await failureOf(client.resources())).toMatchObject({ status: 503, code: 'kone_not_configured' });
    expect(fake.tokenRequests.length).toBe(before);
  });

  it('passes on KONE’s refusal of bad credentials', async () => {
    fake.failures.badCredentials = true;
    const client = new KoneClient(settings());
    expect(await failureOf(client.resources())).toEqual({
      status: 502,
      code: 'kone_refused',
      message: 'Client authentication failed',
    });
  });

  it('passes on KONE’s error replies and refused calls with its message', async () => {
    const client = new KoneClient(settings());
    fake.failures.errorReply = 'Group controller offline';
    expect(await failureOf(client.buildingConfig(FAKE_KONE_BUILDING))).toMatchObject({
      status: 502,
      code: 'kone_refused',
      message: 'Group controller offline',
    });
    fake.failures.errorReply = null;
    fake.failures.refuseCalls = 'Destination not allowed';
    const call = client.callElevator({
      buildingId: FAKE_KONE_BUILDING,
      groupId: '1',
      sourceArea: 1000,
      destinationArea: 9000,
      terminal: 1,
      action: 2,
    });
    expect(await failureOf(call)).toMatchObject({ code: 'kone_refused', message: 'Destination not allowed' });
    expect(await failureOf(client.buildingConfig('unknown-building'))).toMatchObject({
      code: 'kone_refused',
      message: 'Building unknown-building not found',
    });
  });

  it('times out when KONE does not answer, and closes the connection', async () => {
    fake.failures.silent = true;
    const client = new KoneClient(settings({ timeoutMs: 300 }));
    const started = Date.now();
    expect(await failureOf(client.buildingConfig(FAKE_KONE_BUILDING))).toMatchObject({
      status: 502,
      code: 'kone_timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect.poll(() => fake.openConnections()).toBe(0);
  });

  it('says KONE is unavailable when it cannot be reached or fails', async () => {
    fake.failures.resourcesDown = true;
    const client = new KoneClient(settings());
    expect(await failureOf(client.resources())).toMatchObject({ status: 502, code: 'kone_unavailable' });

    const closed = await startFakeKone();
    const { apiUrl, wsUrl } = closed;
    await closed.close();
    const unreachable = new KoneClient(settings({ apiUrl, wsUrl }));
    expect(await failureOf(unreachable.resources())).toMatchObject({ code: 'kone_unavailable' });
  });
});
