import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { FAKE_KONE_BUILDING, type FakeKone, startFakeKone } from '../../../test/fakes/kone.js';
import { buildingWithRoles, type Roles } from '../../../test/fixtures.js';
import { buildings } from '../../db/schema.js';

let t: TestApp;
let r: Roles;
let fake: FakeKone;

beforeAll(async () => {
  fake = await startFakeKone();
  t = await createTestApp(fake.env);
  r = await buildingWithRoles(t.ctx, t.app);
  // The manager's building is linked to the fake's first building; the other building to its second.
  await t.ctx.db
    .update(buildings)
    .set({ koneBuildingId: FAKE_KONE_BUILDING })
    .where(eq(buildings.id, r.building.id));
  await t.ctx.db
    .update(buildings)
    .set({ koneBuildingId: 'building:9990000952' })
    .where(eq(buildings.id, r.otherBuilding.id));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => {
  fake.failures.errorReply = null;
  fake.failures.silent = false;
});

const configPath = (id: string) => `/kone/building_config?building_id=${encodeURIComponent(id)}`;
const actionsPath = (id: string) => `/kone/building_actions?building_id=${encodeURIComponent(id)}`;

describe('GET /kone/resources', () => {
  it('lists the KONE buildings for a superadmin and for building managers', async () => {
    for (const token of [r.tokens.superadmin, r.tokens.manager, r.tokens.otherManager]) {
      const response = await call(t.app, 'GET', '/kone/resources', { token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual([
        { id: `building:${FAKE_KONE_BUILDING}`, building_id: FAKE_KONE_BUILDING },
        { id: 'building:9990000952', building_id: '9990000952' },
      ]);
    }
  });

  it('refuses unit managers, members and people without a building; 401 signed out', async () => {
    for (const token of [r.tokens.unitManager, r.tokens.inviteMember, r.tokens.member, r.tokens.stranger]) {
      expect((await call(t.app, 'GET', '/kone/resources', { token })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/kone/resources')).statusCode).toBe(401);
  });
});

describe('GET /kone/building_config', () => {
  it('gives the floors of the linked KONE building to its manager and a superadmin', async () => {
    for (const token of [r.tokens.manager, r.tokens.superadmin]) {
      const response = await call(t.app, 'GET', configPath(FAKE_KONE_BUILDING), { token });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ building_id: FAKE_KONE_BUILDING, group_id: '1' });
      expect(data.areas).toEqual([
        { id: '1000', name: 'L0', floor: 0, exit: true },
        { id: '2000', name: 'L1', floor: 1, exit: false },
        { id: '3000', name: 'L2', floor: 2, exit: false },
        { id: '4000', name: 'L3', floor: 3, exit: false },
      ]);
      expect(data.raw.destinations).toHaveLength(4);
    }
    // KONE's own form of the id works too.
    const prefixed = await call(t.app, 'GET', configPath(`building:${FAKE_KONE_BUILDING}`), {
      token: r.tokens.manager,
    });
    expect(prefixed.json().data.building_id).toBe(FAKE_KONE_BUILDING);
  });

  it('refuses a KONE building not linked to a building the caller manages', async () => {
    for (const token of [
      r.tokens.otherManager,
      r.tokens.unitManager,
      r.tokens.inviteMember,
      r.tokens.member,
      r.tokens.stranger,
    ]) {
      const response = await call(t.app, 'GET', configPath(FAKE_KONE_BUILDING), { token });
      expect(response.statusCode).toBe(403);
    }
    // The manager's building is not linked to the other KONE building, nor to an unknown one.
    for (const id of ['9990000952', 'unlinked']) {
      expect((await call(t.app, 'GET', configPath(id), { token: r.tokens.manager })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', configPath(FAKE_KONE_BUILDING))).statusCode).toBe(401);
  });

  it('answers 422 on the field without a building id', async () => {
    for (const url of [
      '/kone/building_config',
      '/kone/building_config?building_id=',
      '/kone/building_actions',
    ]) {
      const response = await call(t.app, 'GET', url, { token: r.tokens.superadmin });
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response)[0]).toMatchObject({ code: 'validation_failed', field: 'building_id' });
    }
  });

  it('passes KONE’s failures on as 502 with KONE’s message', async () => {
    fake.failures.errorReply = 'Group controller offline';
    const response = await call(t.app, 'GET', configPath(FAKE_KONE_BUILDING), { token: r.tokens.manager });
    expect(response.statusCode).toBe(502);
    expect(errorsOf(response)).toEqual([{ code: 'kone_refused', message: 'Group controller offline' }]);
    // An unknown KONE building, asked by a superadmin, is KONE's refusal too.
    fake.failures.errorReply = null;
    const unknown = await call(t.app, 'GET', configPath('unknown'), { token: r.tokens.superadmin });
    expect(unknown.statusCode).toBe(502);
    expect(errorsOf(unknown)[0]).toMatchObject({
      code: 'kone_refused',
      message: 'Building unknown not found',
    });
  });
});

describe('GET /kone/building_actions', () => {
  it('gives the call types to the linked building’s manager and a superadmin, refuses others', async () => {
    for (const token of [r.tokens.manager, r.tokens.superadmin]) {
      const response = await call(t.app, 'GET', actionsPath(FAKE_KONE_BUILDING), { token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({
        building_id: FAKE_KONE_BUILDING,
        group_id: '1',
        actions: [
          { id: 1, name: 'Landing call' },
          { id: 2, name: 'Destination call' },
          { id: 3, name: 'Car call' },
        ],
      });
    }
    for (const token of [r.tokens.otherManager, r.tokens.unitManager, r.tokens.member, r.tokens.stranger]) {
      expect((await call(t.app, 'GET', actionsPath(FAKE_KONE_BUILDING), { token })).statusCode).toBe(403);
    }
  });
});

describe('without KONE credentials', () => {
  it('answers 503 kone_not_configured to allowed callers, 403 to others', async () => {
    const off = await createTestApp();
    try {
      const roles = await buildingWithRoles(off.ctx, off.app);
      const response = await call(off.app, 'GET', '/kone/resources', { token: roles.tokens.manager });
      expect(response.statusCode).toBe(503);
      expect(errorsOf(response)[0]!.code).toBe('kone_not_configured');
      expect((await call(off.app, 'GET', '/kone/resources', { token: roles.tokens.member })).statusCode).toBe(
        403,
      );
    } finally {
      await off.close();
    }
  });
});
