import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createBuilding, createDoor, type Roles } from '../../../test/fixtures.js';
import { newId } from '../../db/ids.js';
import { buildings, calls, doorLogs, doors, units } from '../../db/schema.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

describe('GET /buildings', () => {
  it('lists what each role may see', async () => {
    const ids = async (token: string) =>
      ((await call(t.app, 'GET', '/buildings?page_size=100', { token })).json().data as { id: string }[]).map(
        (b) => b.id,
      );
    expect(await ids(r.tokens.superadmin)).toEqual(
      expect.arrayContaining([r.building.id, r.otherBuilding.id]),
    );
    expect(await ids(r.tokens.manager)).toEqual([r.building.id]);
    expect(await ids(r.tokens.member)).toEqual([r.building.id]);
    expect(await ids(r.tokens.unitManager)).toEqual([r.building.id]);
    expect(await ids(r.tokens.otherManager)).toEqual([r.otherBuilding.id]);
    expect(await ids(r.tokens.stranger)).toEqual([]);
  });

  it('searches, sorts and pages, with the totals in meta', async () => {
    const prefix = `Zz${newId().slice(-5)}`;
    for (const suffix of ['C', 'A', 'B']) await createBuilding(t.ctx, `${prefix} ${suffix}`);
    const page1 = await call(t.app, 'GET', `/buildings?search=${prefix}&sort=name&order=desc&page_size=2`, {
      token: r.tokens.superadmin,
    });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().meta).toEqual({ total: 3, page: 1, page_size: 2 });
    expect(page1.json().data.map((b: { name: string }) => b.name)).toEqual([`${prefix} C`, `${prefix} B`]);
    const page2 = await call(
      t.app,
      'GET',
      `/buildings?search=${prefix}&sort=name&order=desc&page_size=2&page=2`,
      {
        token: r.tokens.superadmin,
      },
    );
    expect(page2.json().data.map((b: { name: string }) => b.name)).toEqual([`${prefix} A`]);

    const bad = await call(t.app, 'GET', '/buildings?sort=password&page_size=1000', {
      token: r.tokens.superadmin,
    });
    expect(bad.statusCode).toBe(422);
    expect(
      errorsOf(bad)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['page_size', 'sort']);
  });

  it('shows the door summary to everyone and activity counts only to those who may read them', async () => {
    await t.ctx.db.insert(doorLogs).values({
      id: newId(),
      buildingId: r.building.id,
      doorId: r.door.id,
      actorType: 'user',
      userId: r.people.manager.id,
      method: 'dashboard',
      result: 'opened',
    });
    await t.ctx.db
      .insert(calls)
      .values({ id: newId(), buildingId: r.building.id, startedAt: new Date(), status: 'missed' });
    const asManager = (
      await call(t.app, 'GET', `/buildings/${r.building.id}`, { token: r.tokens.manager })
    ).json().data;
    expect(asManager.activity).toEqual({ door_logs: 1, intercom_calls: 1 });
    expect(asManager.door_summary).toMatchObject({ total: 1, locked: 1 });
    const asMember = (
      await call(t.app, 'GET', `/buildings/${r.building.id}`, { token: r.tokens.member })
    ).json().data;
    expect(asMember.activity).toEqual({});
    expect(asMember.door_summary.total).toBe(1);
  });
});

describe('POST /buildings', () => {
  const body = {
    name: 'Canal House',
    city: 'Amsterdam',
    country: 'NL',
    time_zone: 'Europe/Amsterdam',
    contact_phone: '+31 20 123 4567',
  };

  it('lets a superadmin create a building', async () => {
    const response = await call(t.app, 'POST', '/buildings', { token: r.tokens.superadmin, body });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'Canal House',
      time_zone: 'Europe/Amsterdam',
      contact_phone: '+31201234567',
    });
  });

  it('refuses everyone else and changes nothing', async () => {
    for (const token of [r.tokens.manager, r.tokens.member, r.tokens.stranger]) {
      const response = await call(t.app, 'POST', '/buildings', {
        token,
        body: { ...body, name: 'Not allowed' },
      });
      expect(response.statusCode).toBe(403);
    }
    const created = await t.ctx.db.select().from(buildings).where(eq(buildings.name, 'Not allowed'));
    expect(created).toHaveLength(0);
  });

  it('names the field of bad input', async () => {
    const response = await call(t.app, 'POST', '/buildings', {
      token: r.tokens.superadmin,
      body: { name: '', time_zone: 'Mars/Olympus', country: 'Netherlands' },
    });
    expect(response.statusCode).toBe(422);
    expect(
      errorsOf(response)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['country', 'name', 'time_zone']);
  });
});

describe('GET and PUT /buildings/{id}', () => {
  it('lets managers and members read; refuses others with 403 and unknown ids with 404', async () => {
    for (const token of [r.tokens.superadmin, r.tokens.manager, r.tokens.unitManager, r.tokens.member]) {
      expect((await call(t.app, 'GET', `/buildings/${r.building.id}`, { token })).statusCode).toBe(200);
    }
    for (const token of [r.tokens.otherManager, r.tokens.stranger]) {
      expect((await call(t.app, 'GET', `/buildings/${r.building.id}`, { token })).statusCode).toBe(403);
    }
    expect(
      (await call(t.app, 'GET', `/buildings/${newId()}`, { token: r.tokens.superadmin })).statusCode,
    ).toBe(404);
  });

  it('lets the building’s manager change it, and refuses members and other managers', async () => {
    const change = { name: 'Harbour View', time_zone: 'Europe/London', saltoks_site_id: 'site-42' };
    for (const token of [r.tokens.member, r.tokens.unitManager, r.tokens.otherManager]) {
      expect(
        (await call(t.app, 'PUT', `/buildings/${r.building.id}`, { token, body: change })).statusCode,
      ).toBe(403);
    }
    const response = await call(t.app, 'PUT', `/buildings/${r.building.id}`, {
      token: r.tokens.manager,
      body: change,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject(change);
    const bad = await call(t.app, 'PUT', `/buildings/${r.building.id}`, {
      token: r.tokens.manager,
      body: { contact_email: 'not-an-email', unknown: 1 },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('DELETE /buildings/{id}', () => {
  it('refuses while units or doors exist, and deletes everything with cascade=true', async () => {
    const building = await createBuilding(t.ctx);
    await t.ctx.db.insert(units).values({ id: newId(), buildingId: building.id, name: '1A' });
    await createDoor(t.ctx, building.id);

    const refused = await call(t.app, 'DELETE', `/buildings/${building.id}`, { token: r.tokens.superadmin });
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]!.message).toMatch(/1 unit\(s\) and 1 door\(s\)/);
    expect(await t.ctx.db.select().from(units).where(eq(units.buildingId, building.id))).toHaveLength(1);

    const deleted = await call(t.app, 'DELETE', `/buildings/${building.id}?cascade=true`, {
      token: r.tokens.superadmin,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(buildings).where(eq(buildings.id, building.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(doors).where(eq(doors.buildingId, building.id))).toHaveLength(0);
  });

  it('is for a superadmin only', async () => {
    const response = await call(t.app, 'DELETE', `/buildings/${r.building.id}?cascade=true`, {
      token: r.tokens.manager,
    });
    expect(response.statusCode).toBe(403);
    expect(await t.ctx.db.select().from(buildings).where(eq(buildings.id, r.building.id))).toHaveLength(1);
  });
});

describe('GET /buildings/{id}/statistics/*', () => {
  it('counts per day in the building’s time zone, with zero days filled in', async () => {
    const building = await createBuilding(t.ctx);
    const door = await createDoor(t.ctx, building.id);
    const at = (iso: string) => ({
      id: newId(),
      buildingId: building.id,
      doorId: door.id,
      actorType: 'user' as const,
      method: 'dashboard' as const,
      result: 'opened' as const,
      occurredAt: new Date(iso),
    });
    // 23:30 UTC on 1 March is already 2 March in Amsterdam (UTC+1).
    await t.ctx.db
      .insert(doorLogs)
      .values([at('2026-03-01T10:00:00Z'), at('2026-03-01T23:30:00Z'), at('2026-03-03T08:00:00Z')]);
    const response = await call(
      t.app,
      'GET',
      `/buildings/${building.id}/statistics/door_logs?from=2026-03-01&to=2026-03-03`,
      {
        token: r.tokens.superadmin,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      count: 3,
      from: '2026-03-01',
      to: '2026-03-03',
      per_day: [
        { date: '2026-03-01', count: 1 },
        { date: '2026-03-02', count: 1 },
        { date: '2026-03-03', count: 1 },
      ],
    });
  });

  it('defaults to the last 30 days, needs the read permission, and checks the range', async () => {
    const calls = await call(t.app, 'GET', `/buildings/${r.building.id}/statistics/calls`, {
      token: r.tokens.manager,
    });
    expect(calls.statusCode).toBe(200);
    expect(calls.json().data.per_day).toHaveLength(30);
    expect(calls.json().data.count).toBeGreaterThanOrEqual(1);
    for (const token of [r.tokens.member, r.tokens.otherManager]) {
      expect(
        (await call(t.app, 'GET', `/buildings/${r.building.id}/statistics/calls`, { token })).statusCode,
      ).toBe(403);
    }
    const backwards = await call(
      t.app,
      'GET',
      `/buildings/${r.building.id}/statistics/door_logs?from=2026-03-05&to=2026-03-01`,
      {
        token: r.tokens.manager,
      },
    );
    expect(backwards.statusCode).toBe(422);
    expect(errorsOf(backwards)[0]).toMatchObject({ field: 'to' });
  });
});
