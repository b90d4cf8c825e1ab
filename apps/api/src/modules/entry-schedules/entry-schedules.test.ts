import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createDoor, createUnit, type Roles } from '../../../test/fixtures.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

const schedules = (unitId: string) => `/units/${unitId}/entry_schedules`;

describe('entry schedules', () => {
  it('are granted by the building manager with the default window, and read by members', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const created = await call(t.app, 'POST', schedules(r.unit.id), {
      token: r.tokens.manager,
      body: { door_id: door.id },
    });
    expect(created.statusCode).toBe(201);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    expect(created.json().data).toMatchObject({
      door_id: door.id,
      date_start: today,
      date_end: tomorrow.toISOString().slice(0, 10),
      time_start: '00:00',
      time_end: '23:59',
      active_now: true,
    });

    const list = await call(t.app, 'GET', schedules(r.unit.id), { token: r.tokens.member });
    expect(list.json().data.map((s: { door_id: string }) => s.door_id)).toContain(door.id);
    const one = await call(t.app, 'GET', `${schedules(r.unit.id)}/${door.id}?preloads=door`, {
      token: r.tokens.member,
    });
    expect(one.json().data.door).toMatchObject({ id: door.id, name: door.name });

    const twice = await call(t.app, 'POST', schedules(r.unit.id), {
      token: r.tokens.manager,
      body: { door_id: door.id },
    });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)[0]).toMatchObject({ code: 'schedule_exists' });
  });

  it('lets unit managers change the window but not grant or revoke doors', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const granted = await call(t.app, 'POST', schedules(r.unit.id), {
      token: r.tokens.unitManager,
      body: { door_id: door.id },
    });
    expect(granted.statusCode).toBe(403);
    await call(t.app, 'POST', schedules(r.unit.id), { token: r.tokens.manager, body: { door_id: door.id } });

    const changed = await call(t.app, 'PUT', `${schedules(r.unit.id)}/${door.id}`, {
      token: r.tokens.unitManager,
      body: { date_start: '2026-01-01', date_end: '2026-12-31', time_start: '22:00', time_end: '02:00' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ time_start: '22:00', time_end: '02:00' });
    for (const token of [r.tokens.member, r.tokens.inviteMember]) {
      const refused = await call(t.app, 'PUT', `${schedules(r.unit.id)}/${door.id}`, {
        token,
        body: { time_end: '23:00' },
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(
      (await call(t.app, 'DELETE', `${schedules(r.unit.id)}/${door.id}`, { token: r.tokens.unitManager }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', `${schedules(r.unit.id)}/${door.id}`, { token: r.tokens.manager }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `${schedules(r.unit.id)}/${door.id}`, { token: r.tokens.manager }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad windows, doors of other buildings, and people of other units', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    const backwards = await call(t.app, 'POST', schedules(r.unit.id), {
      token: r.tokens.manager,
      body: { door_id: door.id, date_start: '2026-05-02', date_end: '2026-05-01' },
    });
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards)[0]).toMatchObject({ field: 'date_end' });
    const badTime = await call(t.app, 'POST', schedules(r.unit.id), {
      token: r.tokens.manager,
      body: { door_id: door.id, time_start: '25:00' },
    });
    expect(errorsOf(badTime)[0]).toMatchObject({ field: 'time_start' });

    const foreignDoor = await createDoor(t.ctx, r.otherBuilding.id);
    const foreign = await call(t.app, 'POST', schedules(r.unit.id), {
      token: r.tokens.superadmin,
      body: { door_id: foreignDoor.id },
    });
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)[0]).toMatchObject({ field: 'door_id' });

    const otherUnit = await createUnit(t.ctx, r.building.id);
    for (const token of [r.tokens.member, r.tokens.unitManager, r.tokens.otherManager]) {
      expect((await call(t.app, 'GET', schedules(otherUnit.id), { token })).statusCode).toBe(403);
    }
  });
});
