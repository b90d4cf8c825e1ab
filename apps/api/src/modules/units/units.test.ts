import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createUnit, type Roles } from '../../../test/fixtures.js';
import { newId } from '../../db/ids.js';
import { entrySchedules, units, users, visitors } from '../../db/schema.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

describe('GET /units', () => {
  it('lists each role’s units, filtered by building when asked', async () => {
    const otherUnit = await createUnit(t.ctx, r.building.id, 'Other unit');
    const names = async (token: string, query = '') =>
      (
        (await call(t.app, 'GET', `/units?page_size=100${query}`, { token })).json().data as {
          name: string;
        }[]
      ).map((u) => u.name);
    expect(await names(r.tokens.manager)).toEqual(expect.arrayContaining([r.unit.name, 'Other unit']));
    expect(await names(r.tokens.member)).toEqual([r.unit.name]);
    expect(await names(r.tokens.unitManager)).toEqual([r.unit.name]);
    expect(await names(r.tokens.superadmin, `&building_id=${r.building.id}`)).toEqual(
      expect.arrayContaining([r.unit.name, otherUnit.name]),
    );
    expect(await names(r.tokens.otherManager)).toEqual([]);
    const stranger = await call(t.app, 'GET', '/units', { token: r.tokens.stranger });
    expect(stranger.statusCode).toBe(403);
  });
});

describe('POST, PUT and DELETE /units', () => {
  it('lets the building’s manager add a unit; refuses others; names are unique per building', async () => {
    const created = await call(t.app, 'POST', '/units', {
      token: r.tokens.manager,
      body: { building_id: r.building.id, name: '4B', floor: '4' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: '4B',
      floor: '4',
      member_count: 0,
      building: { id: r.building.id },
    });
    const twice = await call(t.app, 'POST', '/units', {
      token: r.tokens.manager,
      body: { building_id: r.building.id, name: '4b' },
    });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)[0]).toMatchObject({ code: 'unit_name_taken', field: 'name' });
    for (const token of [r.tokens.unitManager, r.tokens.member, r.tokens.otherManager]) {
      const refused = await call(t.app, 'POST', '/units', {
        token,
        body: { building_id: r.building.id, name: 'Nope' },
      });
      expect(refused.statusCode).toBe(403);
    }
    const bad = await call(t.app, 'POST', '/units', {
      token: r.tokens.manager,
      body: { building_id: 'x', name: '' },
    });
    expect(
      errorsOf(bad)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['building_id', 'name']);
  });

  it('lets unit managers rename their own unit and pick delegates among its members', async () => {
    const own = await call(t.app, 'PUT', `/units/${r.unit.id}`, {
      token: r.tokens.unitManager,
      body: {
        floor: '1',
        delegate_user_id: r.people.member.id,
        alt_delegate_user_id: r.people.inviteMember.id,
      },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ floor: '1', delegate_user_id: r.people.member.id });

    const outsider = await call(t.app, 'PUT', `/units/${r.unit.id}`, {
      token: r.tokens.manager,
      body: { delegate_user_id: r.people.stranger.id },
    });
    expect(outsider.statusCode).toBe(422);
    expect(errorsOf(outsider)[0]).toMatchObject({ field: 'delegate_user_id' });

    const other = await createUnit(t.ctx, r.building.id);
    for (const token of [r.tokens.unitManager, r.tokens.member, r.tokens.inviteMember]) {
      expect(
        (await call(t.app, 'PUT', `/units/${other.id}`, { token, body: { floor: '9' } })).statusCode,
      ).toBe(403);
    }
  });

  it('shows delegates only to those who run the unit, and the other preloads to readers', async () => {
    const path = `/units/${r.unit.id}?preloads=delegate_user,alt_delegate_user,building_doors,entry_schedules`;
    const asManager = (await call(t.app, 'GET', path, { token: r.tokens.manager })).json().data;
    expect(asManager.delegate_user).toMatchObject({ id: r.people.member.id });
    expect(asManager.building_doors.map((d: { id: string }) => d.id)).toContain(r.door.id);
    expect(asManager.entry_schedules).toEqual([]);
    const asMember = await call(t.app, 'GET', path, { token: r.tokens.member });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().data).not.toHaveProperty('delegate_user');
    expect(asMember.json().data.building_doors).toHaveLength(1);
    expect(
      (await call(t.app, 'GET', `/units/${r.unit.id}`, { token: r.tokens.otherManager })).statusCode,
    ).toBe(403);
    const unknownPreload = await call(t.app, 'GET', `/units/${r.unit.id}?preloads=secrets`, {
      token: r.tokens.manager,
    });
    expect(unknownPreload.statusCode).toBe(422);
  });

  it('deletes a unit with its schedules, for building managers only', async () => {
    const unit = await createUnit(t.ctx, r.building.id);
    await t.ctx.db.insert(entrySchedules).values({
      id: newId(),
      unitId: unit.id,
      doorId: r.door.id,
      dateStart: '2026-01-01',
      dateEnd: '2026-12-31',
      timeStart: '00:00',
      timeEnd: '23:59',
    });
    expect(
      (await call(t.app, 'DELETE', `/units/${unit.id}`, { token: r.tokens.unitManager })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `/units/${unit.id}`, { token: r.tokens.manager })).statusCode).toBe(
      200,
    );
    expect(await t.ctx.db.select().from(units).where(eq(units.id, unit.id))).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(entrySchedules).where(eq(entrySchedules.unitId, unit.id)),
    ).toHaveLength(0);
  });
});

describe('GET /units/{id} members and visitors', () => {
  it('preloads the members (phones only for those who run the unit) and the active visitors', async () => {
    await t.ctx.db.update(users).set({ phone: '+31612345678' }).where(eq(users.id, r.people.member.id));
    const now = Date.now();
    await t.ctx.db.insert(visitors).values([
      {
        id: newId(),
        unitId: r.unit.id,
        linkUuid: crypto.randomUUID(),
        name: 'Now',
        validFrom: new Date(now - 60_000),
        validUntil: new Date(now + 3600_000),
      },
      {
        id: newId(),
        unitId: r.unit.id,
        linkUuid: crypto.randomUUID(),
        name: 'Gone',
        validFrom: new Date(now - 7200_000),
        validUntil: new Date(now - 3600_000),
      },
    ]);
    const path = `/units/${r.unit.id}?preloads=members_user,active_visitors`;
    const asManager = (await call(t.app, 'GET', path, { token: r.tokens.manager })).json().data;
    const member = asManager.members_user.find(
      (m: { user: { id: string } }) => m.user.id === r.people.member.id,
    );
    expect(member.user.phone).toBe('+31612345678');
    expect(asManager.active_visitors.map((v: { name: string }) => v.name)).toEqual(['Now']);
    const asMember = (await call(t.app, 'GET', path, { token: r.tokens.inviteMember })).json().data;
    const seen = asMember.members_user.find(
      (m: { user: { id: string } }) => m.user.id === r.people.member.id,
    );
    expect(seen.user.phone).toBeNull();
    expect(asMember.members_user).toHaveLength(3);
  });
});

describe('intercom codes', () => {
  it('are unique within a building', async () => {
    const first = await call(t.app, 'POST', '/units', {
      token: r.tokens.manager,
      body: { building_id: r.building.id, name: 'Code A', intercom_code: '101' },
    });
    expect(first.json().data.intercom_code).toBe('101');
    const clash = await call(t.app, 'POST', '/units', {
      token: r.tokens.manager,
      body: { building_id: r.building.id, name: 'Code B', intercom_code: '101' },
    });
    expect(clash.statusCode).toBe(409);
    expect(errorsOf(clash)[0]).toMatchObject({ code: 'intercom_code_taken', field: 'intercom_code' });
    const same = await call(t.app, 'PUT', `/units/${first.json().data.id}`, {
      token: r.tokens.manager,
      body: { intercom_code: '101' },
    });
    expect(same.statusCode).toBe(200);
  });
});
