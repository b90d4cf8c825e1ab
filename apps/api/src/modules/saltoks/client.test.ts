import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSaltoKs, type FakeSite, startFakeSaltoKs } from '../../../test/fakes/saltoks.js';
import { SaltoKsClient, type SaltoKsError, type SaltoKsSettings } from './client.js';

let fake: FakeSaltoKs;
let site: FakeSite;

function settingsFor(overrides: Partial<SaltoKsSettings> = {}): SaltoKsSettings {
  return {
    identityUrl: fake.url,
    apiUrl: fake.url,
    clientId: fake.state.clientId,
    clientSecret: fake.state.clientSecret,
    timeoutMs: 1000,
    retries: 3,
    ...overrides,
  };
}

const clientFor = (overrides: Partial<SaltoKsSettings> = {}) =>
  new SaltoKsClient(settingsFor(overrides), { backoffMs: 5 });

async function failureOf(promise: Promise<unknown>): Promise<SaltoKsError> {
  try {
    await promise;
  } catch (error) {
    return error as SaltoKsError;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  fake = await startFakeSaltoKs();
});
afterAll(() => fake.close());

beforeEach(() => {
  fake.state.sites.length = 0;
  fake.state.requests.length = 0;
  fake.state.unlocks.length = 0;
  fake.state.tokenRequests = 0;
  fake.state.pageSize = 50;
  Object.assign(fake.state.inject, { serverErrors: 0, notFound: 0, delayMs: 0, rejectOtp: false });
  site = fake.state.addSite({ customer_reference: 'Canal house' });
  fake.state.addIq(site, { customer_reference: 'Hall IQ' });
  fake.state.addLock(site, { customer_reference: 'Front door' });
});

describe('Salto KS client', () => {
  it('gets a token once with the client credentials and reuses it', async () => {
    const client = clientFor();
    const sites = await client.listSites();
    expect(sites).toEqual([{ id: site.id, customer_reference: 'Canal house' }]);
    const locks = await client.listLocks(site.id);
    expect(locks[0]).toMatchObject({
      customer_reference: 'Front door',
      online: true,
      locked_state: 'locked',
    });
    expect(fake.state.tokenRequests).toBe(1);
    expect(fake.state.requests.every((request) => request.authorization?.startsWith('Bearer '))).toBe(true);
  });

  it('asks for a new token shortly before the old one expires', async () => {
    let now = Date.now();
    const client = new SaltoKsClient(settingsFor(), { backoffMs: 5, now: () => now });
    await client.listSites();
    now += (3600 - 30) * 1000;
    await client.listSites();
    expect(fake.state.tokenRequests).toBe(2);
  });

  it('refreshes the token once on a 401 and carries on', async () => {
    const client = clientFor();
    await client.listSites();
    fake.state.expireTokens();
    expect(await client.listIqs(site.id)).toMatchObject([{ customer_reference: 'Hall IQ', online: true }]);
    expect(fake.state.tokenRequests).toBe(2);
  });

  it('reports refused client credentials as an authentication failure', async () => {
    const failure = await failureOf(clientFor({ clientSecret: 'wrong' }).listSites());
    expect(failure).toMatchObject({ failure: 'auth', code: 'bad_gateway', status: 502 });
    expect(failure.items[0]!.code).toBe('saltoks_auth_failed');
  });

  it('is not configured without a client id, and never calls out', async () => {
    const failure = await failureOf(clientFor({ clientId: undefined }).listSites());
    expect(failure).toMatchObject({ failure: 'not_configured', status: 503 });
    expect(failure.items[0]!.code).toBe('saltoks_not_configured');
    expect(fake.state.tokenRequests).toBe(0);
  });

  it('retries a 5xx with backoff and succeeds', async () => {
    fake.state.inject.serverErrors = 2;
    expect(await clientFor().listSites()).toHaveLength(1);
    expect(fake.state.requests).toHaveLength(3);
  });

  it('gives up after `retries` retries with the provider’s message', async () => {
    fake.state.inject.serverErrors = 5;
    const failure = await failureOf(clientFor({ retries: 2 }).listSites());
    expect(failure).toMatchObject({ failure: 'provider', status: 502, provider: { status: 503 } });
    expect(failure.message).toContain('Something went wrong');
    expect(fake.state.requests).toHaveLength(3);
  });

  it('retries the 404 Salto KS answers right after provisioning', async () => {
    const client = clientFor();
    const user = await client.createUser(site.id, { first_name: 'Gatehouse keypad', last_name: 'Hall' });
    fake.state.inject.notFound = 2;
    await client.setUserPin(site.id, user.id, '4321');
    expect(fake.state.site(site.id)!.users[0]!.pin).toBe('4321');
  });

  it('maps a lasting 404 to not found', async () => {
    const failure = await failureOf(clientFor({ retries: 1 }).getLock(site.id, 'no-such-lock'));
    expect(failure).toMatchObject({ failure: 'not_found', status: 404 });
    expect(failure.message).toBe('Not found in Salto KS: Lock not found');
  });

  it('times out on a slow answer', async () => {
    const client = clientFor({ timeoutMs: 150 });
    fake.state.inject.delayMs = 400;
    const failure = await failureOf(client.listSites());
    expect(failure).toMatchObject({ failure: 'timeout', status: 502 });
    expect(failure.message).toBe('Salto KS did not answer within 150 ms');
  });

  it('reports an unreachable server', async () => {
    const failure = await failureOf(
      clientFor({ identityUrl: 'http://127.0.0.1:9', apiUrl: 'http://127.0.0.1:9' }).listSites(),
    );
    expect(failure).toMatchObject({ failure: 'offline', status: 502 });
  });

  it('follows next_page_link for every page', async () => {
    fake.state.pageSize = 2;
    for (let index = 0; index < 4; index += 1) fake.state.addLock(site);
    const locks = await clientFor().listLocks(site.id);
    expect(locks).toHaveLength(5);
    expect(new Set(locks.map((lock) => lock.id)).size).toBe(5);
  });

  it('unlocks with a valid OTP and passes "Otp is invalid" on', async () => {
    const lock = fake.state.site(site.id)!.locks[0]!;
    const client = clientFor();
    await client.unlock(site.id, lock.id, await generate({ secret: lock.otp_secret }));
    expect(fake.state.unlocks).toMatchObject([{ lockId: lock.id, accepted: true }]);
    expect(lock.locked_state).toBe('unlocked');

    const failure = await failureOf(client.unlock(site.id, lock.id, '000000'));
    expect(failure).toMatchObject({ failure: 'provider', provider: { message: 'Otp is invalid' } });
  });

  it('reads entries since a moment with OData, oldest first', async () => {
    const lockId = fake.state.site(site.id)!.locks[0]!.id;
    fake.state.addEntry(site, { lock_id: lockId, date: '2026-01-01T10:00:00.000Z' });
    fake.state.addEntry(site, { lock_id: lockId, date: '2026-01-01T09:00:00.000Z' });
    fake.state.addEntry(site, { lock_id: lockId, date: '2025-12-31T09:00:00.000Z' });
    fake.state.pageSize = 1;
    const entries = await clientFor().listEntries(site.id, new Date('2026-01-01T09:00:00.000Z'));
    expect(entries.map((entry) => entry.date)).toEqual([
      '2026-01-01T09:00:00.000Z',
      '2026-01-01T10:00:00.000Z',
    ]);
    expect(fake.state.requests[0]!.path).toContain('%24orderby=date+asc');
  });
});
