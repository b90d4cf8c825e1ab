import { eq } from 'drizzle-orm';
import { verify } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import {
  type FakeLock,
  type FakeSaltoKs,
  type FakeSite,
  startFakeSaltoKs,
} from '../../../test/fakes/saltoks.js';
import { buildingWithRoles, type Roles } from '../../../test/fixtures.js';
import { buildings, doorLogs, doors } from '../../db/schema.js';

let fake: FakeSaltoKs;
let t: TestApp;
let r: Roles;
let site: FakeSite;
let lock: FakeLock;

beforeAll(async () => {
  fake = await startFakeSaltoKs();
  site = fake.state.addSite({ customer_reference: 'Canal house' });
  fake.state.addIq(site);
  lock = fake.state.addLock(site, { customer_reference: 'Front door' });
  t = await createTestApp({ ...fake.env, SALTOKS_RETRIES: '1', SALTOKS_TIMEOUT_MS: '300' });
  r = await buildingWithRoles(t.ctx, t.app);
  await t.ctx.db.update(buildings).set({ saltoksSiteId: site.id }).where(eq(buildings.id, r.building.id));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  Object.assign(fake.state.inject, {
    serverErrors: 0,
    notFound: 0,
    delayMs: 0,
    rejectOtp: false,
    newUsersHiddenFor: 0,
  });
  Object.assign(lock, { online: true, locked_state: 'locked', battery_level: 'normal' });
});

const doorsPath = () => `/buildings/${r.building.id}/doors`;
const doorPath = (doorId: string) => `${doorsPath()}/${doorId}`;

async function createSaltoKsDoor(name = 'Front door') {
  const response = await call(t.app, 'POST', doorsPath(), {
    token: r.tokens.manager,
    body: {
      name,
      driver: 'saltoks',
      driver_config: { lock_id: lock.id },
      secrets: { otp_secret: lock.otp_secret },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; driver_config: Record<string, unknown> };
}

async function logsOf(doorId: string) {
  return t.ctx.db.select().from(doorLogs).where(eq(doorLogs.doorId, doorId));
}

describe('saving a saltoks door', () => {
  it('stores the building’s site with the door once the lock is found there', async () => {
    const door = await createSaltoKsDoor();
    expect(door.driver_config).toEqual({ lock_id: lock.id, site_id: site.id, unlock_seconds: 5 });
    // The secret is stored, never shown.
    const shown = await call(t.app, 'GET', doorPath(door.id), { token: r.tokens.manager });
    expect(shown.json().data).toMatchObject({ has_secrets: true });
    expect(shown.body).not.toContain(lock.otp_secret);
  });

  it('refuses a lock that is not in the site, with the field, and stores nothing', async () => {
    const before = await t.ctx.db.select().from(doors).where(eq(doors.buildingId, r.building.id));
    const response = await call(t.app, 'POST', doorsPath(), {
      token: r.tokens.manager,
      body: { name: 'Nowhere', driver: 'saltoks', driver_config: { lock_id: 'no-such-lock' } },
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]).toMatchObject({ field: 'driver_config.lock_id' });
    const after = await t.ctx.db.select().from(doors).where(eq(doors.buildingId, r.building.id));
    expect(after).toHaveLength(before.length);
  });

  it('needs a site: the door’s own or its building’s', async () => {
    const response = await call(t.app, 'POST', `/buildings/${r.otherBuilding.id}/doors`, {
      token: r.tokens.superadmin,
      body: { name: 'Gate', driver: 'saltoks', driver_config: { lock_id: lock.id } },
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]).toMatchObject({ field: 'driver_config.site_id' });
    const withSite = await call(t.app, 'POST', `/buildings/${r.otherBuilding.id}/doors`, {
      token: r.tokens.superadmin,
      body: { name: 'Gate', driver: 'saltoks', driver_config: { lock_id: lock.id, site_id: site.id } },
    });
    expect(withSite.statusCode).toBe(201);
  });

  it('checks the lock again when a door is switched to another lock', async () => {
    const door = await createSaltoKsDoor('Switched');
    const response = await call(t.app, 'PUT', doorPath(door.id), {
      token: r.tokens.manager,
      body: { driver_config: { lock_id: 'gone' } },
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]).toMatchObject({ field: 'driver_config.lock_id' });
    const renamed = await call(t.app, 'PUT', doorPath(door.id), {
      token: r.tokens.manager,
      body: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('answers 502 with Salto KS’s message when it fails', async () => {
    fake.state.inject.serverErrors = 2;
    const response = await call(t.app, 'POST', doorsPath(), {
      token: r.tokens.manager,
      body: { name: 'Down', driver: 'saltoks', driver_config: { lock_id: lock.id } },
    });
    expect(response.statusCode).toBe(502);
    expect(errorsOf(response)[0]!.code).toBe('saltoks_error');
  });
});

describe('opening a saltoks door', () => {
  it('unlocks the lock with a valid one-time password and logs the opening', async () => {
    const door = await createSaltoKsDoor('Opened');
    const response = await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ result: 'opened', status: 'unlocked', reason: null });

    const unlock = fake.state.unlocks.at(-1)!;
    expect(unlock).toMatchObject({ lockId: lock.id, siteId: site.id, accepted: true });
    expect((await verify({ secret: lock.otp_secret, token: unlock.otp, epochTolerance: 30 })).valid).toBe(
      true,
    );
    expect(await logsOf(door.id)).toMatchObject([{ result: 'opened', method: 'dashboard', reason: null }]);
  });

  it('logs "Otp is invalid" as an auth failure and answers 502', async () => {
    const door = await createSaltoKsDoor('Bad OTP');
    fake.state.inject.rejectOtp = true;
    const response = await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager });
    expect(response.statusCode).toBe(502);
    expect(errorsOf(response)[0]).toEqual({ code: 'door_failed', message: 'auth: Otp is invalid' });
    expect(await logsOf(door.id)).toMatchObject([{ result: 'failed', reason: 'auth: Otp is invalid' }]);
  });

  it('logs a wrong OTP secret the same way', async () => {
    const door = await createSaltoKsDoor('Wrong secret');
    await call(t.app, 'PUT', doorPath(door.id), {
      token: r.tokens.manager,
      body: { secrets: { otp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } },
    });
    const response = await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager });
    expect(response.statusCode).toBe(502);
    expect((await logsOf(door.id))[0]).toMatchObject({ result: 'failed', reason: 'auth: Otp is invalid' });
  });

  it('logs an offline lock, a slow Salto KS and a door without OTP secret', async () => {
    const door = await createSaltoKsDoor('Troubled');
    lock.online = false;
    await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager });
    lock.online = true;
    fake.state.inject.delayMs = 600;
    await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager });
    fake.state.inject.delayMs = 0;

    const noSecret = await call(t.app, 'POST', doorsPath(), {
      token: r.tokens.manager,
      body: { name: 'No secret', driver: 'saltoks', driver_config: { lock_id: lock.id } },
    });
    const noSecretId = noSecret.json().data.id as string;
    await call(t.app, 'POST', `${doorPath(noSecretId)}/open`, { token: r.tokens.manager });

    const reasons = (await logsOf(door.id)).map((log) => log.reason).sort();
    expect(reasons).toEqual(['offline: Lock is offline', 'timeout: Salto KS did not answer within 300 ms']);
    expect((await logsOf(noSecretId))[0]!.reason).toBe(
      'config: The door has no OTP secret for its Salto KS lock',
    );
  });
});

describe('a saltoks door’s status', () => {
  it('is the lock’s: locked or unlocked with the battery, or offline', async () => {
    const door = await createSaltoKsDoor('Watched');
    const statusOf = async () =>
      (await call(t.app, 'GET', `${doorPath(door.id)}/status`, { token: r.tokens.manager })).json().data;
    expect(await statusOf()).toMatchObject({ status: 'locked', detail: 'Battery normal' });
    Object.assign(lock, { locked_state: 'unlocked', battery_level: 'low' });
    expect(await statusOf()).toMatchObject({ status: 'unlocked', detail: 'Battery low' });
    lock.online = false;
    expect(await statusOf()).toMatchObject({ status: 'offline' });
    fake.state.inject.serverErrors = 2;
    expect(await statusOf()).toMatchObject({
      status: 'error',
      detail: 'Salto KS answered with an error: Something went wrong',
    });
  });
});

describe('PUT …/pincode of a saltoks door', () => {
  const setPin = (doorId: string, pincode: string, token = r.tokens.manager) =>
    call(t.app, 'PUT', `${doorPath(doorId)}/pincode`, { token, body: { pincode } });

  it('sets the PIN on the door’s own Salto KS user, made once, and keeps the hash', async () => {
    const door = await createSaltoKsDoor('Keypad door');
    const first = await setPin(door.id, '2468');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ has_pincode: true });
    const users = fake.state.site(site.id)!.users.filter((user) => user.last_name === 'Keypad door');
    expect(users).toMatchObject([
      { first_name: 'Gatehouse keypad', customer_reference: `gatehouse-door:${door.id}`, pin: '2468' },
    ]);
    expect(first.json().data.driver_config).toMatchObject({ pin_user_id: users[0]!.id });

    expect((await setPin(door.id, '13579')).statusCode).toBe(200);
    expect(fake.state.site(site.id)!.users.filter((user) => user.last_name === 'Keypad door')).toMatchObject([
      { pin: '13579' },
    ]);
    const [row] = await t.ctx.db.select().from(doors).where(eq(doors.id, door.id));
    expect(await t.ctx.passwords.verify(row!.pincodeHash!, '13579')).toBe(true);
  });

  it('keeps the PIN user when the door is saved again, whatever the request says', async () => {
    const door = await createSaltoKsDoor('Kept user');
    const pinUserId = (await setPin(door.id, '1111')).json().data.driver_config.pin_user_id;
    const saved = await call(t.app, 'PUT', doorPath(door.id), {
      token: r.tokens.manager,
      body: { driver_config: { lock_id: lock.id, unlock_seconds: 8, pin_user_id: 'someone-else' } },
    });
    expect(saved.json().data.driver_config).toEqual({
      lock_id: lock.id,
      site_id: site.id,
      unlock_seconds: 8,
      pin_user_id: pinUserId,
    });
  });

  it('makes a new user when Salto KS lost the old one, riding out its 404 after provisioning', async () => {
    const door = await createSaltoKsDoor('Lost user');
    await setPin(door.id, '1111');
    const users = fake.state.site(site.id)!.users;
    users.splice(
      users.findIndex((user) => user.last_name === 'Lost user'),
      1,
    );
    fake.state.inject.newUsersHiddenFor = 1;
    const again = await setPin(door.id, '2222');
    fake.state.inject.newUsersHiddenFor = 0;
    expect(again.statusCode, again.body).toBe(200);
    expect(users.filter((user) => user.last_name === 'Lost user')).toMatchObject([{ pin: '2222' }]);
  });

  it('changes nothing when Salto KS refuses, and refuses those who may not change the door', async () => {
    const door = await createSaltoKsDoor('Refused');
    fake.state.inject.serverErrors = 5;
    const failed = await setPin(door.id, '9999');
    expect(failed.statusCode).toBe(502);
    const [row] = await t.ctx.db.select().from(doors).where(eq(doors.id, door.id));
    expect(row!.pincodeHash).toBeNull();
    fake.state.inject.serverErrors = 0;
    for (const role of ['otherManager', 'unitManager', 'member', 'stranger'] as const) {
      expect((await setPin(door.id, '9999', r.tokens[role])).statusCode, role).toBe(403);
    }
    expect(fake.state.site(site.id)!.users.some((user) => user.last_name === 'Refused')).toBe(false);
  });
});
