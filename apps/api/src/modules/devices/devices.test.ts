import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, defaultPassword, errorsOf, signIn, type TestApp } from '../../../test/app.js';
import {
  buildingWithRoles,
  createDoor,
  createIntercom,
  createUnit,
  type Roles,
} from '../../../test/fixtures.js';
import { calls, doorLogs, doors, intercoms, units } from '../../db/schema.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  // A small sign-in budget, so the throttle test needs few requests.
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '50' });
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

/** Device calls as a device makes them: no CSRF header, no app version. */
function deviceCall(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
) {
  return app.inject({
    method,
    url: `/api/v4${url}`,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

async function deviceSignIn(email: string, password: string) {
  const response = await deviceCall(t.app, 'POST', '/devices/session', { body: { email, password } });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    access: string;
    access_exp: number;
    intercom: { id: string; door_id: string; building_id: string };
  };
}

/** A door with an intercom in the roles' building, signed in. */
async function signedInDevice(doorValues: Parameters<typeof createDoor>[2] = {}) {
  const door = await createDoor(t.ctx, r.building.id, doorValues);
  const { intercom, password } = await createIntercom(t.ctx, door.id);
  const session = await deviceSignIn(intercom.email, password);
  return { door, intercom, password, token: session.access };
}

async function logsOf(doorId: string) {
  return t.ctx.db.select().from(doorLogs).where(eq(doorLogs.doorId, doorId));
}

describe('POST /devices/session', () => {
  it('signs an intercom in: a 30-day device token and where it stands', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const { intercom, password } = await createIntercom(t.ctx, door.id, {
      email: 'Panel-1@Devices.example.com',
    });
    const response = await deviceCall(t.app, 'POST', '/devices/session', {
      body: { email: 'panel-1@devices.example.com', password },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.intercom).toEqual({ id: intercom.id, door_id: door.id, building_id: r.building.id });
    const thirtyDays = 30 * 24 * 3600;
    expect(Math.abs(data.access_exp - (Date.now() / 1000 + thirtyDays))).toBeLessThan(60);
    const claims = JSON.parse(Buffer.from(data.access.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ typ: 'device', sub: intercom.id });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const { intercom } = await createIntercom(t.ctx, door.id);
    const wrong = await deviceCall(t.app, 'POST', '/devices/session', {
      body: { email: intercom.email, password: 'not the password' },
    });
    const unknown = await deviceCall(t.app, 'POST', '/devices/session', {
      body: { email: 'nobody@devices.example.com', password: 'not the password' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(errorsOf(response)).toEqual([
        { code: 'invalid_credentials', message: 'Email or password is incorrect' },
      ]);
    }
    expect(wrong.body).toBe(unknown.body);
  });

  it('does not let a user sign in as a device', async () => {
    const response = await deviceCall(t.app, 'POST', '/devices/session', {
      body: { email: r.people.manager.email, password: defaultPassword },
    });
    expect(response.statusCode).toBe(401);
  });

  it('limits failed attempts per account, even with the right password after', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const { intercom, password } = await createIntercom(t.ctx, door.id);
    for (let i = 0; i < 3; i++) {
      const response = await deviceCall(t.app, 'POST', '/devices/session', {
        body: { email: intercom.email, password: 'wrong password' },
        ip: `10.1.0.${i + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await deviceCall(t.app, 'POST', '/devices/session', {
      body: { email: intercom.email, password },
      ip: '10.1.0.9',
    });
    expect(blocked.statusCode).toBe(429);
    expect(errorsOf(blocked)[0]!.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits failed attempts per IP across accounts', async () => {
    const app = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '50', LOGIN_MAX_FAILURES_PER_IP: '2' });
    try {
      for (const n of [1, 2]) {
        const response = await deviceCall(app.app, 'POST', '/devices/session', {
          body: { email: `guess${n}@devices.example.com`, password: 'guess' },
          ip: '10.2.0.1',
        });
        expect(response.statusCode).toBe(401);
      }
      const blocked = await deviceCall(app.app, 'POST', '/devices/session', {
        body: { email: 'guess3@devices.example.com', password: 'guess' },
        ip: '10.2.0.1',
      });
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await deviceCall(app.app, 'POST', '/devices/session', {
        body: { email: 'guess3@devices.example.com', password: 'guess' },
        ip: '10.2.0.2',
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('needs no CSRF header, and refuses bad input with the field', async () => {
    const response = await deviceCall(t.app, 'POST', '/devices/session', { body: { email: 'not-an-email' } });
    expect(response.statusCode).toBe(422);
    expect(
      errorsOf(response)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['email', 'password']);
  });
});

describe('device authentication', () => {
  it('refuses device calls without a token, with a user’s token, or with a tampered one', async () => {
    const device = await signedInDevice();
    expect((await deviceCall(t.app, 'POST', '/devices/door/open')).statusCode).toBe(401);
    const asUser = await deviceCall(t.app, 'POST', '/devices/door/open', { token: r.tokens.manager });
    expect(asUser.statusCode).toBe(401);
    expect(errorsOf(asUser)[0]!.code).toBe('token_invalid');
    const tampered = `${device.token.slice(0, -2)}xx`;
    expect((await deviceCall(t.app, 'POST', '/devices/door/open', { token: tampered })).statusCode).toBe(401);
    expect(await logsOf(device.door.id)).toEqual([]);
  });

  it('refuses a device token on user calls', async () => {
    const device = await signedInDevice();
    for (const [method, url] of [
      ['GET', '/me/account'],
      ['GET', `/buildings/${r.building.id}`],
      ['POST', `/buildings/${r.building.id}/doors/${device.door.id}/open`],
    ] as const) {
      const response = await call(t.app, method, url, { token: device.token });
      expect(response.statusCode).toBe(401);
      expect(errorsOf(response)[0]!.code).toBe('token_invalid');
    }
    const refresh = await call(t.app, 'POST', '/me/current_session/refresh', { token: device.token });
    expect(refresh.statusCode).toBe(401);
  });

  it('ends the tokens of an intercom that was deleted or got a new password', async () => {
    const deleted = await signedInDevice();
    await t.ctx.db.delete(intercoms).where(eq(intercoms.id, deleted.intercom.id));
    const afterDelete = await deviceCall(t.app, 'POST', '/devices/door/open', { token: deleted.token });
    expect(afterDelete.statusCode).toBe(401);

    const renamed = await signedInDevice();
    await t.ctx.db
      .update(intercoms)
      .set({ passwordHash: await t.ctx.passwords.hash('a brand new password') })
      .where(eq(intercoms.id, renamed.intercom.id));
    const afterNewPassword = await deviceCall(t.app, 'POST', '/devices/door/open', { token: renamed.token });
    expect(afterNewPassword.statusCode).toBe(401);
    const fresh = await deviceSignIn(renamed.intercom.email, 'a brand new password');
    expect((await deviceCall(t.app, 'POST', '/devices/door/open', { token: fresh.access })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /devices/door/open', () => {
  it('opens the intercom’s door: one door log row with the intercom, method intercom', async () => {
    const device = await signedInDevice();
    const response = await deviceCall(t.app, 'POST', '/devices/door/open', { token: device.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ result: 'opened', status: 'unlocked', reason: null });
    const logs = await logsOf(device.door.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      id: response.json().data.door_log_id,
      buildingId: r.building.id,
      actorType: 'device',
      intercomId: device.intercom.id,
      userId: null,
      visitorId: null,
      method: 'intercom',
      result: 'opened',
    });
    const [door] = await t.ctx.db.select().from(doors).where(eq(doors.id, device.door.id));
    expect(door!.status).toBe('unlocked');
  });

  it('marks the call as door_opened, and names its unit in the door log', async () => {
    const device = await signedInDevice();
    const unit = await createUnit(t.ctx, r.building.id);
    const startedAt = new Date(Date.now() - 30_000).toISOString();
    const reported = await deviceCall(t.app, 'POST', '/devices/calls', {
      token: device.token,
      body: { external_id: 'call-1', started_at: startedAt, answered_at: startedAt, unit_id: unit.id },
    });
    expect(reported.json().data.door_opened).toBe(false);
    const response = await deviceCall(t.app, 'POST', '/devices/door/open', {
      token: device.token,
      body: { call_external_id: 'call-1' },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(calls)
      .where(and(eq(calls.intercomId, device.intercom.id), eq(calls.externalId, 'call-1')));
    expect(row).toMatchObject({ doorOpened: true, status: 'answered', unitId: unit.id });
    expect(row!.startedAt.toISOString()).toBe(startedAt);
    const [log] = await logsOf(device.door.id);
    expect(log).toMatchObject({ method: 'intercom', unitId: unit.id, intercomId: device.intercom.id });
  });

  it('keeps the mark when the call’s own report arrives after the open', async () => {
    const device = await signedInDevice();
    await deviceCall(t.app, 'POST', '/devices/door/open', {
      token: device.token,
      body: { call_external_id: 'late-report' },
    });
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const report = await deviceCall(t.app, 'POST', '/devices/calls', {
      token: device.token,
      body: { external_id: 'late-report', started_at: startedAt, door_opened: false },
    });
    expect(report.json().data).toMatchObject({ door_opened: true, started_at: startedAt });
  });

  it('logs a failed attempt and answers 502 when the door does not respond', async () => {
    const device = await signedInDevice({ driverConfig: { unlock_seconds: 5, offline: true } });
    const response = await deviceCall(t.app, 'POST', '/devices/door/open', { token: device.token });
    expect(response.statusCode).toBe(502);
    const logs = await logsOf(device.door.id);
    expect(logs).toMatchObject([{ result: 'failed', method: 'intercom', intercomId: device.intercom.id }]);
  });
});

describe('POST /devices/pincode', () => {
  async function withPincode(pincode: string | null) {
    const device = await signedInDevice();
    if (pincode !== null) {
      const set = await call(t.app, 'PUT', `/buildings/${r.building.id}/doors/${device.door.id}/pincode`, {
        token: r.tokens.manager,
        body: { pincode },
      });
      expect(set.statusCode).toBe(200);
    }
    return device;
  }

  it('opens the door with the right PIN (method pincode)', async () => {
    const device = await withPincode('482913');
    const response = await deviceCall(t.app, 'POST', '/devices/pincode', {
      token: device.token,
      body: { pincode: '482913' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ result: 'opened', status: 'unlocked' });
    expect(await logsOf(device.door.id)).toMatchObject([
      { method: 'pincode', actorType: 'device', intercomId: device.intercom.id, result: 'opened' },
    ]);
  });

  it('refuses a wrong PIN: a refused row and 403 wrong_pincode', async () => {
    const device = await withPincode('482913');
    const response = await deviceCall(t.app, 'POST', '/devices/pincode', {
      token: device.token,
      body: { pincode: '111111' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorsOf(response)[0]!.code).toBe('wrong_pincode');
    expect(await logsOf(device.door.id)).toMatchObject([
      { method: 'pincode', result: 'refused', reason: 'wrong_pincode', intercomId: device.intercom.id },
    ]);
    const [door] = await t.ctx.db.select().from(doors).where(eq(doors.id, device.door.id));
    expect(door!.status).toBe('locked');
  });

  it('refuses every PIN on a door without one', async () => {
    const device = await withPincode(null);
    const response = await deviceCall(t.app, 'POST', '/devices/pincode', {
      token: device.token,
      body: { pincode: '1234' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorsOf(response)[0]!.code).toBe('wrong_pincode');
    expect(await logsOf(device.door.id)).toMatchObject([{ result: 'refused', reason: 'no_pincode' }]);
  });

  it('blocks the door’s keypad after 5 wrong PINs, even for the right one', async () => {
    const device = await withPincode('482913');
    for (let i = 0; i < 5; i++) {
      const response = await deviceCall(t.app, 'POST', '/devices/pincode', {
        token: device.token,
        body: { pincode: `00000${i}` },
      });
      expect(response.statusCode).toBe(403);
    }
    const blocked = await deviceCall(t.app, 'POST', '/devices/pincode', {
      token: device.token,
      body: { pincode: '482913' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(errorsOf(blocked)[0]!.code).toBe('rate_limited');
    const logs = await logsOf(device.door.id);
    expect(logs).toHaveLength(6);
    expect(logs.filter((log) => log.result === 'opened')).toEqual([]);

    // Another door's keypad is not affected.
    const other = await withPincode('482913');
    const response = await deviceCall(t.app, 'POST', '/devices/pincode', {
      token: other.token,
      body: { pincode: '482913' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a PIN that is not 4 to 8 digits', async () => {
    const device = await withPincode('482913');
    const response = await deviceCall(t.app, 'POST', '/devices/pincode', {
      token: device.token,
      body: { pincode: '12ab' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]!.field).toBe('pincode');
  });
});

describe('POST /devices/calls', () => {
  // One reference instant per run, so `at(60)` means the same instant in every report.
  const now = Date.now();
  const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();

  async function report(token: string, body: Record<string, unknown>) {
    return deviceCall(t.app, 'POST', '/devices/calls', { token, body });
  }

  async function callRows(intercomId: string) {
    return t.ctx.db.select().from(calls).where(eq(calls.intercomId, intercomId));
  }

  it('records a new call: ringing, with door, intercom and building from the device', async () => {
    const device = await signedInDevice();
    const startedAt = at(5);
    const response = await report(device.token, { external_id: 'c-new', started_at: startedAt });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: expect.any(String),
      started_at: startedAt,
      answered_at: null,
      ended_at: null,
      status: 'ringing',
      duration_seconds: null,
      door_opened: false,
      door: { id: device.door.id, name: device.door.name },
      intercom: { id: device.intercom.id, name: 'Lobby panel' },
      unit: null,
      user: null,
    });
    const rows = await callRows(device.intercom.id);
    expect(rows).toMatchObject([{ buildingId: r.building.id, doorId: device.door.id, externalId: 'c-new' }]);
  });

  it('updates the call: answered, then ended with its duration', async () => {
    const device = await signedInDevice();
    const [start, answer, end] = [at(100), at(90), at(25)];
    await report(device.token, { external_id: 'c-upd', started_at: start });
    const answered = await report(device.token, {
      external_id: 'c-upd',
      started_at: start,
      answered_at: answer,
    });
    expect(answered.json().data).toMatchObject({
      status: 'answered',
      answered_at: answer,
      duration_seconds: null,
    });
    const ended = await report(device.token, {
      external_id: 'c-upd',
      started_at: start,
      answered_at: answer,
      ended_at: end,
    });
    expect(ended.json().data).toMatchObject({ status: 'answered', ended_at: end, duration_seconds: 65 });
    expect(await callRows(device.intercom.id)).toHaveLength(1);
  });

  it('records a replayed report once', async () => {
    const device = await signedInDevice();
    const body = { external_id: 'c-replay', started_at: at(40), ended_at: at(10) };
    const first = await report(device.token, body);
    const second = await report(device.token, body);
    expect(second.json().data).toEqual(first.json().data);
    expect(first.json().data.status).toBe('missed');
    expect(await callRows(device.intercom.id)).toHaveLength(1);
  });

  it('never moves a call backwards, whatever order the reports come in', async () => {
    const device = await signedInDevice();
    const [start, answer, end] = [at(200), at(190), at(100)];
    await report(device.token, {
      external_id: 'c-ooo',
      started_at: start,
      answered_at: answer,
      ended_at: end,
    });
    // A late "ringing" report with a later start, and one that says nothing about the answer.
    await report(device.token, { external_id: 'c-ooo', started_at: at(195) });
    const late = await report(device.token, {
      external_id: 'c-ooo',
      started_at: at(195),
      answered_at: null,
      ended_at: end,
      door_opened: false,
    });
    expect(late.json().data).toMatchObject({
      status: 'answered',
      started_at: start,
      answered_at: answer,
      ended_at: end,
      duration_seconds: 90,
    });

    // Ended first (missed), then answered: answered wins; the earliest start is kept.
    await report(device.token, { external_id: 'c-ooo2', started_at: at(50), ended_at: at(20) });
    const answeredLater = await report(device.token, {
      external_id: 'c-ooo2',
      started_at: at(60),
      answered_at: at(45),
    });
    expect(answeredLater.json().data).toMatchObject({
      status: 'answered',
      started_at: at(60),
      duration_seconds: 25,
    });

    // door_opened once true stays true.
    await report(device.token, { external_id: 'c-ooo3', started_at: at(30), door_opened: true });
    const notOpened = await report(device.token, {
      external_id: 'c-ooo3',
      started_at: at(30),
      door_opened: false,
    });
    expect(notOpened.json().data.door_opened).toBe(true);
  });

  it('finds the unit by id, or by the code dialled, within the building only', async () => {
    const device = await signedInDevice();
    const unit = await createUnit(t.ctx, r.building.id);
    const coded = await createUnit(t.ctx, r.building.id);
    await t.ctx.db.update(units).set({ intercomCode: '101' }).where(eq(units.id, coded.id));
    const foreign = await createUnit(t.ctx, r.otherBuilding.id);
    await t.ctx.db.update(units).set({ intercomCode: '202' }).where(eq(units.id, foreign.id));

    const byId = await report(device.token, { external_id: 'u1', started_at: at(5), unit_id: unit.id });
    expect(byId.json().data.unit).toEqual({ id: unit.id, name: unit.name });
    const byCode = await report(device.token, { external_id: 'u2', started_at: at(5), called: '101' });
    expect(byCode.json().data.unit).toEqual({ id: coded.id, name: coded.name });
    const bySipAddress = await report(device.token, {
      external_id: 'u3',
      started_at: at(5),
      called: 'sip:101@10.0.0.7',
    });
    expect(bySipAddress.json().data.unit).toEqual({ id: coded.id, name: coded.name });
    const foreignId = await report(device.token, {
      external_id: 'u4',
      started_at: at(5),
      unit_id: foreign.id,
    });
    expect(foreignId.json().data.unit).toBeNull();
    const foreignIdButCode = await report(device.token, {
      external_id: 'u5',
      started_at: at(5),
      unit_id: foreign.id,
      called: '101',
    });
    expect(foreignIdButCode.json().data.unit).toEqual({ id: coded.id, name: coded.name });
    const foreignCode = await report(device.token, { external_id: 'u6', started_at: at(5), called: '202' });
    expect(foreignCode.json().data.unit).toBeNull();
  });

  it('refuses bad input with the fields', async () => {
    const device = await signedInDevice();
    const response = await report(device.token, {
      external_id: '',
      started_at: 'yesterday',
      unit_id: 'not-a-uuid',
      colour: 'red',
    });
    expect(response.statusCode).toBe(422);
    expect(
      errorsOf(response)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['colour', 'external_id', 'started_at', 'unit_id']);

    const backwards = await report(device.token, {
      external_id: 'c-bad',
      started_at: at(10),
      answered_at: at(20),
      ended_at: at(30),
    });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards).map((e) => e.field)).toEqual(['answered_at', 'ended_at']);
    expect(await callRows(device.intercom.id)).toEqual([]);
  });

  it('needs a device token', async () => {
    const response = await call(t.app, 'POST', '/devices/calls', {
      token: (await signIn(t.app, r.people.superadmin.email)).access,
      body: { external_id: 'x', started_at: at(1) },
    });
    expect(response.statusCode).toBe(401);
  });
});
