import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createBuilding, createDoor, type Roles } from '../../../test/fixtures.js';
import { newId } from '../../db/ids.js';
import { doorLogs, doors } from '../../db/schema.js';
import { decryptText } from '../../lib/crypto.js';
import { closedPortUrl, type FakeRelay, startFakeRelay } from './drivers/testing/fake-2n-relay.js';

let t: TestApp;
let r: Roles;
let relay: FakeRelay;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
  relay = await startFakeRelay({ auth: 'digest' });
});
afterAll(async () => {
  await relay.close();
  await t.close();
});

const doorsPath = () => `/buildings/${r.building.id}/doors`;
const doorPath = (doorId: string) => `${doorsPath()}/${doorId}`;

async function logsOf(doorId: string) {
  return t.ctx.db.select().from(doorLogs).where(eq(doorLogs.doorId, doorId));
}

describe('GET /buildings/{b}/doors', () => {
  it('lists the doors for managers and members; refuses others', async () => {
    for (const token of [r.tokens.superadmin, r.tokens.manager, r.tokens.member, r.tokens.inviteMember]) {
      const response = await call(t.app, 'GET', doorsPath(), { token });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((d: { name: string }) => d.name)).toContain('Main entrance');
    }
    for (const token of [r.tokens.otherManager, r.tokens.stranger]) {
      expect((await call(t.app, 'GET', doorsPath(), { token })).statusCode).toBe(403);
    }
  });

  it('lists at most 250 doors, saying how many there are', async () => {
    const building = await createBuilding(t.ctx);
    await t.ctx.db.insert(doors).values(
      Array.from({ length: 251 }, (_, i) => ({
        id: newId(),
        buildingId: building.id,
        name: `Door ${String(i).padStart(3, '0')}`,
        driver: 'simulated' as const,
        driverConfig: {},
      })),
    );
    const response = await call(t.app, 'GET', `/buildings/${building.id}/doors`, {
      token: r.tokens.superadmin,
    });
    expect(response.json().data).toHaveLength(250);
    expect(response.json().meta).toEqual({ total: 251, limit: 250 });
    expect(response.json().data[0].name).toBe('Door 000');
  });
});

describe('POST /buildings/{b}/doors', () => {
  it('lets the manager add a simulated door with defaults', async () => {
    const response = await call(t.app, 'POST', doorsPath(), {
      token: r.tokens.manager,
      body: { name: 'Garage gate' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Garage gate',
      driver: 'simulated',
      driver_config: { unlock_seconds: 5, offline: false },
      status: 'unknown',
      has_secrets: false,
      has_pincode: false,
    });
  });

  it('keeps a relay password encrypted and out of every reply', async () => {
    const response = await call(t.app, 'POST', doorsPath(), {
      token: r.tokens.manager,
      body: {
        name: 'Lobby relay',
        driver: 'http_relay',
        driver_config: { url: 'http://10.0.0.5/', auth: 'digest', username: 'admin' },
        secrets: { password: 'relay-secret' },
      },
    });
    expect(response.statusCode).toBe(201);
    const door = response.json().data;
    expect(door.driver_config).toMatchObject({ url: 'http://10.0.0.5', switch: 1, timeout_ms: 3000 });
    expect(door.has_secrets).toBe(true);
    expect(response.body).not.toContain('relay-secret');
    const [row] = await t.ctx.db.select().from(doors).where(eq(doors.id, door.id));
    expect(row!.secretsEncrypted).not.toContain('relay-secret');
    expect(JSON.parse(decryptText(t.ctx.encryptionKey, row!.secretsEncrypted!))).toEqual({
      password: 'relay-secret',
    });

    const asManager = await call(t.app, 'GET', `${doorPath(door.id)}?preloads=secrets`, {
      token: r.tokens.manager,
    });
    expect(asManager.json().data).not.toHaveProperty('secrets');
    const asSuperadmin = await call(t.app, 'GET', `${doorPath(door.id)}?preloads=secrets`, {
      token: r.tokens.superadmin,
    });
    expect(asSuperadmin.json().data.secrets).toEqual({ password: 'relay-secret' });
  });

  it('names the field of a bad driver setting, and refuses members and other managers', async () => {
    const bad = await call(t.app, 'POST', doorsPath(), {
      token: r.tokens.manager,
      body: { name: 'Broken', driver: 'http_relay', driver_config: { url: 'ftp://x', switch: 99 } },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      errorsOf(bad)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['driver_config.switch', 'driver_config.url']);
    for (const token of [r.tokens.member, r.tokens.unitManager, r.tokens.otherManager]) {
      const refused = await call(t.app, 'POST', doorsPath(), { token, body: { name: 'Sneaky door' } });
      expect(refused.statusCode).toBe(403);
    }
    expect(await t.ctx.db.select().from(doors).where(eq(doors.name, 'Sneaky door'))).toHaveLength(0);
  });
});

describe('GET, PUT and DELETE /buildings/{b}/doors/{d}', () => {
  it('preloads the intercom for those who may read it', async () => {
    const asManager = await call(t.app, 'GET', `${doorPath(r.door.id)}?preloads=intercom`, {
      token: r.tokens.manager,
    });
    expect(asManager.json().data.intercom).toBeNull();
    const asMember = await call(t.app, 'GET', `${doorPath(r.door.id)}?preloads=intercom`, {
      token: r.tokens.member,
    });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().data).not.toHaveProperty('intercom');
    const bad = await call(t.app, 'GET', `${doorPath(r.door.id)}?preloads=everything`, {
      token: r.tokens.manager,
    });
    expect(bad.statusCode).toBe(422);
  });

  it('does not find a door through another building', async () => {
    const response = await call(t.app, 'GET', `/buildings/${r.otherBuilding.id}/doors/${r.door.id}`, {
      token: r.tokens.superadmin,
    });
    expect(response.statusCode).toBe(404);
  });

  it('lets the manager rename and reconfigure a door, and delete it', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const renamed = await call(t.app, 'PUT', doorPath(door.id), {
      token: r.tokens.manager,
      body: { name: 'Back door', driver_config: { unlock_seconds: 10 } },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Back door',
      driver_config: { unlock_seconds: 10, offline: false },
    });
    expect(
      (await call(t.app, 'PUT', doorPath(door.id), { token: r.tokens.member, body: { name: 'X' } }))
        .statusCode,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', doorPath(door.id), { token: r.tokens.member })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', doorPath(door.id), { token: r.tokens.manager })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', doorPath(door.id), { token: r.tokens.manager })).statusCode).toBe(404);
  });
});

describe('GET …/status', () => {
  it('reports a simulated lock, and status "error" when the driver fails', async () => {
    const locked = await call(t.app, 'GET', `${doorPath(r.door.id)}/status`, { token: r.tokens.member });
    expect(locked.statusCode).toBe(200);
    expect(locked.json().data.status).toBe('locked');

    const offline = await createDoor(t.ctx, r.building.id, {
      driverConfig: { unlock_seconds: 5, offline: true },
    });
    const failed = await call(t.app, 'GET', `${doorPath(offline.id)}/status`, { token: r.tokens.manager });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data).toMatchObject({ status: 'error' });
    expect(failed.json().data.detail).toBeTruthy();

    const unreachable = await createDoor(t.ctx, r.building.id, {
      driver: 'http_relay',
      driverConfig: {
        url: await closedPortUrl(),
        switch: 1,
        auth: 'none',
        timeout_ms: 1000,
        unlock_seconds: 5,
      },
    });
    const relayDown = await call(t.app, 'GET', `${doorPath(unreachable.id)}/status`, {
      token: r.tokens.manager,
    });
    expect(relayDown.json().data.status).toBe('error');
    const [row] = await t.ctx.db.select().from(doors).where(eq(doors.id, unreachable.id));
    expect(row!.status).toBe('error');
  });
});

describe('POST …/open', () => {
  it('opens for the manager and writes one door log row with who, how and the result', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const response = await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager });
    expect(response.statusCode).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({ result: 'opened', status: 'unlocked', reason: null });
    const logs = await logsOf(door.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      id: result.door_log_id,
      userId: r.people.manager.id,
      actorType: 'user',
      method: 'dashboard',
      result: 'opened',
      buildingId: r.building.id,
    });
    const [row] = await t.ctx.db.select().from(doors).where(eq(doors.id, door.id));
    expect(row!.status).toBe('unlocked');
  });

  it('records every one of many concurrent opens, each with its own log row', async () => {
    const targets = [await createDoor(t.ctx, r.building.id), await createDoor(t.ctx, r.building.id)];
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(t.app, 'POST', `${doorPath(targets[i % 2]!.id)}/open`, { token: r.tokens.manager }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(30).fill(200));
    const logIds = responses.map((response) => response.json().data.door_log_id);
    expect(new Set(logIds).size).toBe(30);
    for (const door of targets) {
      expect(await logsOf(door.id)).toHaveLength(15);
      const [row] = await t.ctx.db.select().from(doors).where(eq(doors.id, door.id));
      expect(row!.status).toBe('unlocked');
    }
  });

  it('refuses other managers and strangers without opening or logging anything', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    for (const token of [r.tokens.otherManager, r.tokens.stranger]) {
      expect((await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token })).statusCode).toBe(403);
    }
    expect(await logsOf(door.id)).toHaveLength(0);
    const [row] = await t.ctx.db.select().from(doors).where(eq(doors.id, door.id));
    expect(row!.status).toBe('locked');
  });

  it('refuses members outside any schedule, and logs the refusal', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    for (const token of [r.tokens.member, r.tokens.unitManager]) {
      const response = await call(t.app, 'POST', `${doorPath(door.id)}/open`, {
        token,
        body: { via: 'webapp' },
      });
      expect(response.statusCode).toBe(403);
      expect(errorsOf(response)[0]).toMatchObject({ code: 'outside_schedule' });
    }
    const logs = await logsOf(door.id);
    expect(logs).toHaveLength(2);
    expect(logs.every((log) => log.result === 'refused' && log.method === 'webapp')).toBe(true);
    expect(logs.map((log) => log.userId).sort()).toEqual(
      [r.people.member.id, r.people.unitManager.id].sort(),
    );
    const [row] = await t.ctx.db.select().from(doors).where(eq(doors.id, door.id));
    expect(row!.status).toBe('locked');
  });

  it('answers 502 and logs a failed attempt when the lock does not respond', async () => {
    const door = await createDoor(t.ctx, r.building.id, {
      driverConfig: { unlock_seconds: 5, offline: true },
    });
    const response = await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager });
    expect(response.statusCode).toBe(502);
    const logs = await logsOf(door.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ result: 'failed' });
    expect(logs[0]!.reason).toMatch(/^offline:/);
  });

  it('triggers a real relay with digest authentication', async () => {
    const door = await call(t.app, 'POST', doorsPath(), {
      token: r.tokens.manager,
      body: {
        name: 'Relay door',
        driver: 'http_relay',
        driver_config: { url: relay.url, auth: 'digest', username: 'admin', timeout_ms: 2000 },
        secrets: { password: 'relay-secret' },
      },
    });
    const opened = await call(t.app, 'POST', `${doorPath(door.json().data.id)}/open`, {
      token: r.tokens.manager,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.result).toBe('opened');
    expect(
      relay.requests.some(
        (req) => req.path.startsWith('/api/switch/ctrl?switch=1&action=trigger') && req.acceptedDigest,
      ),
    ).toBe(true);
  });
});

describe('PUT …/pincode', () => {
  it('stores a valid PIN hashed; refuses bad PINs and members', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const set = await call(t.app, 'PUT', `${doorPath(door.id)}/pincode`, {
      token: r.tokens.manager,
      body: { pincode: '482915' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.has_pincode).toBe(true);
    expect(set.body).not.toContain('482915');
    const [row] = await t.ctx.db
      .select()
      .from(doors)
      .where(and(eq(doors.id, door.id)));
    expect(row!.pincodeHash).toMatch(/^\$argon2id\$/);

    for (const pincode of ['12', '123456789', '12ab']) {
      const bad = await call(t.app, 'PUT', `${doorPath(door.id)}/pincode`, {
        token: r.tokens.manager,
        body: { pincode },
      });
      expect(bad.statusCode).toBe(422);
      expect(errorsOf(bad)[0]).toMatchObject({ field: 'pincode' });
    }
    const refused = await call(t.app, 'PUT', `${doorPath(door.id)}/pincode`, {
      token: r.tokens.member,
      body: { pincode: '1111' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the door cache behind opens', () => {
  it('uses the new settings at the next open after a change, made here or elsewhere', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    expect(
      (await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager })).statusCode,
    ).toBe(200);

    // Through the API: this process forgets the door at once.
    await call(t.app, 'PUT', doorPath(door.id), {
      token: r.tokens.manager,
      body: { driver_config: { offline: true } },
    });
    expect(
      (await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager })).statusCode,
    ).toBe(502);

    // Straight in the database, as another process would: the trigger's notification does it.
    await t.ctx.db
      .update(doors)
      .set({ driverConfig: { unlock_seconds: 5, offline: false } })
      .where(eq(doors.id, door.id));
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager }))
        .statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(200);

    // A deleted door is not opened from the cache.
    await t.ctx.db.delete(doors).where(eq(doors.id, door.id));
    for (let i = 0; i < 50 && status !== 404; i++) {
      status = (await call(t.app, 'POST', `${doorPath(door.id)}/open`, { token: r.tokens.manager }))
        .statusCode;
      if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(404);
  });
});
