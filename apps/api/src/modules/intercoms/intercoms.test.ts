import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createDoor, type Roles } from '../../../test/fixtures.js';
import { intercoms } from '../../db/schema.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

const intercomPath = (doorId: string) => `/buildings/${r.building.id}/doors/${doorId}/intercom`;
const device = {
  name: 'Lobby',
  model: '2N IP Verso',
  email: 'lobby@devices.example.com',
  password: 'device passphrase 1',
};

async function storedIntercom(doorId: string) {
  const [row] = await t.ctx.db.select().from(intercoms).where(eq(intercoms.doorId, doorId));
  return row!;
}

describe('the door’s intercom', () => {
  it('is created by the manager, with the password hashed and never returned', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    expect((await call(t.app, 'GET', intercomPath(door.id), { token: r.tokens.manager })).statusCode).toBe(
      404,
    );
    const created = await call(t.app, 'POST', intercomPath(door.id), {
      token: r.tokens.manager,
      body: device,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Lobby',
      model: '2N IP Verso',
      email: device.email,
      door_id: door.id,
    });
    expect(created.body).not.toContain(device.password);
    expect(created.json().data).not.toHaveProperty('password');
    expect((await storedIntercom(door.id)).passwordHash).toMatch(/^\$argon2id\$/);

    const again = await call(t.app, 'POST', intercomPath(door.id), {
      token: r.tokens.manager,
      body: { ...device, email: 'x@y.example' },
    });
    expect(again.statusCode).toBe(409);
    const fetched = await call(t.app, 'GET', intercomPath(door.id), { token: r.tokens.manager });
    expect(fetched.json().data.email).toBe(device.email);
  });

  it('strips the device account from a manager’s update and keeps it on a superadmin’s', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    await call(t.app, 'POST', intercomPath(door.id), {
      token: r.tokens.manager,
      body: { ...device, email: 'strip@devices.example.com' },
    });
    const before = await storedIntercom(door.id);

    const byManager = await call(t.app, 'PUT', intercomPath(door.id), {
      token: r.tokens.manager,
      body: { name: 'Front panel', email: 'hijack@evil.example', password: 'a different passphrase' },
    });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().data).toMatchObject({ name: 'Front panel', email: 'strip@devices.example.com' });
    const afterManager = await storedIntercom(door.id);
    expect(afterManager.passwordHash).toBe(before.passwordHash);

    const bySuperadmin = await call(t.app, 'PUT', intercomPath(door.id), {
      token: r.tokens.superadmin,
      body: { email: 'new@devices.example.com', password: 'a different passphrase' },
    });
    expect(bySuperadmin.json().data.email).toBe('new@devices.example.com');
    const afterSuperadmin = await storedIntercom(door.id);
    expect(afterSuperadmin.passwordHash).not.toBe(before.passwordHash);
    expect(await t.ctx.passwords.verify(afterSuperadmin.passwordHash, 'a different passphrase')).toBe(true);
  });

  it('refuses members (no intercomRead) and other managers; bad input names the field', async () => {
    for (const token of [r.tokens.member, r.tokens.unitManager, r.tokens.otherManager]) {
      expect((await call(t.app, 'GET', intercomPath(r.door.id), { token })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', intercomPath(r.door.id), { token, body: device })).statusCode).toBe(
        403,
      );
    }
    const bad = await call(t.app, 'POST', intercomPath(r.door.id), {
      token: r.tokens.manager,
      body: { email: 'nope', password: 'short' },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      errorsOf(bad)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  it('is removed by the manager', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    await call(t.app, 'POST', intercomPath(door.id), {
      token: r.tokens.manager,
      body: { ...device, email: 'gone@devices.example.com' },
    });
    expect((await call(t.app, 'DELETE', intercomPath(door.id), { token: r.tokens.member })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'DELETE', intercomPath(door.id), { token: r.tokens.manager })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, 'GET', intercomPath(door.id), { token: r.tokens.manager })).statusCode).toBe(
      404,
    );
  });
});
