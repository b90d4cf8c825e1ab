import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import {
  buildingWithRoles,
  createDoor,
  createUnit,
  makeManager,
  makeMember,
  type Roles,
} from '../../../test/fixtures.js';
import { newId } from '../../db/ids.js';
import { entrySchedules } from '../../db/schema.js';
import {
  appCall,
  authorizeApp,
  consent,
  pkce,
  registerClient,
  type TestClient,
} from './testing/oauth2-client.js';

let t: TestApp;
let r: Roles;
let client: TestClient;
let allScopes: string;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
  client = await registerClient(t.app, r.tokens.superadmin);
  allScopes = 'account:read doors:read doors:open buildings:read activity:read';
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** Every route open to apps, with the scope it needs. */
function declaredRoutes(): [method: 'GET' | 'POST', url: string, scope: string][] {
  const b = r.building.id;
  const d = r.door.id;
  return [
    ['GET', '/me/account', 'account:read'],
    ['GET', '/me/doors', 'doors:read'],
    ['POST', `/buildings/${b}/doors/${d}/open`, 'doors:open'],
    ['GET', '/buildings', 'buildings:read'],
    ['GET', `/buildings/${b}`, 'buildings:read'],
    ['GET', `/buildings/${b}/doors`, 'buildings:read'],
    ['GET', `/buildings/${b}/doors/${d}`, 'buildings:read'],
    ['GET', `/buildings/${b}/door_logs`, 'activity:read'],
    ['GET', `/buildings/${b}/calls`, 'activity:read'],
  ];
}

describe('scopes', () => {
  it('open each declared route to a token with its scope, without a CSRF header', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.manager, client, { scope: allScopes });
    for (const [method, url] of declaredRoutes()) {
      const response = await appCall(t.app, method, url, tokens.access_token);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    }
  });

  it('refuse each declared route to a token without its scope', async () => {
    for (const [method, url, scope] of declaredRoutes()) {
      const others = allScopes.split(' ').filter((item) => item !== scope);
      const tokens = await authorizeApp(t.app, r.tokens.manager, client, { scope: others.join(' ') });
      const response = await appCall(t.app, method, url, tokens.access_token);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorsOf(response)[0]!.code).toBe('insufficient_scope');
      expect(response.headers['www-authenticate']).toContain(`scope="${scope}"`);
    }
  });

  it('never open other routes to an app, whatever its scopes', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.superadmin, client, { scope: allScopes });
    const b = r.building.id;
    const closed: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
      ['GET', '/me/sessions'],
      ['PUT', '/me/account'],
      ['DELETE', '/me/current_session'],
      ['GET', '/me/oauth2_authorizations'],
      ['GET', '/oauth2_clients'],
      ['POST', '/oauth2_clients'],
      ['GET', `/oauth2_clients/${client.id}`],
      ['POST', '/oauth2/authorize'],
      ['GET', '/users'],
      ['PUT', `/buildings/${b}`],
      ['DELETE', `/buildings/${b}/doors/${r.door.id}`],
      ['GET', '/units'],
      ['GET', `/buildings/${b}/door_logs.csv`],
      ['GET', `/buildings/${b}/events`],
      ['GET', '/me/events'],
    ];
    for (const [method, url] of closed) {
      // With the CSRF header, so that it is the scope check that refuses.
      const response = await appCall(t.app, method, url, tokens.access_token, { 'x-csrf-token': '1' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorsOf(response)[0]!.code).toBe('insufficient_scope');
    }
  });

  it('leave the user’s own calls as they were (the CSRF header is still needed)', async () => {
    const response = await call(t.app, 'POST', `/buildings/${r.building.id}/doors/${r.door.id}/open`, {
      token: r.tokens.manager,
      withoutCsrf: true,
    });
    expect(response.statusCode).toBe(403);
    expect(errorsOf(response)[0]!.code).toBe('csrf_missing');
  });
});

describe('the user’s own rights, never beyond', () => {
  it('refuses what the user may not do', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.member, client, { scope: allScopes });
    // Activity is for building managers; another building is not the member's.
    expect(
      (await appCall(t.app, 'GET', `/buildings/${r.building.id}/door_logs`, tokens.access_token)).statusCode,
    ).toBe(403);
    const other = await appCall(t.app, 'GET', `/buildings/${r.otherBuilding.id}`, tokens.access_token);
    expect([403, 404]).toContain(other.statusCode);
    const otherDoor = await createDoor(t.ctx, r.otherBuilding.id);
    const open = await appCall(
      t.app,
      'POST',
      `/buildings/${r.otherBuilding.id}/doors/${otherDoor.id}/open`,
      tokens.access_token,
    );
    expect(open.statusCode).toBe(403);
  });

  it('lets a member’s app open a door only within the member’s entry schedule, and logs the app', async () => {
    const door = await createDoor(t.ctx, r.building.id, { name: 'Garden gate' });
    await t.ctx.db.insert(entrySchedules).values({
      id: newId(),
      unitId: r.unit.id,
      doorId: door.id,
      dateStart: '2026-02-02',
      dateEnd: '2026-02-06',
      timeStart: '08:00',
      timeEnd: '18:00',
    });
    const tokens = await authorizeApp(t.app, r.tokens.member, client, { scope: 'doors:open' });
    const url = `/buildings/${r.building.id}/doors/${door.id}/open`;

    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-02-04T07:30:00+01:00') });
    const outside = await appCall(t.app, 'POST', url, tokens.access_token);
    expect(outside.statusCode).toBe(403);
    expect(errorsOf(outside)[0]!.code).toBe('outside_schedule');
    vi.setSystemTime(new Date('2026-02-04T09:00:00+01:00'));
    const inside = await appCall(t.app, 'POST', url, tokens.access_token);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().data.result).toBe('opened');
    vi.useRealTimers();

    const logs = await call(t.app, 'GET', `/buildings/${r.building.id}/door_logs?door_id=${door.id}`, {
      token: r.tokens.manager,
    });
    const rows = logs.json().data;
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        actor_type: 'api_client',
        method: 'api',
        oauth2_client: { id: client.id, name: client.name },
        user: { id: r.people.member.id },
      });
    }
    expect(rows.map((row: { result: string }) => row.result)).toEqual(['opened', 'refused']);
    expect(rows[0].unit).toMatchObject({ id: r.unit.id });
  });

  it('shows no app on the user’s own opens', async () => {
    const door = await createDoor(t.ctx, r.building.id);
    await call(t.app, 'POST', `/buildings/${r.building.id}/doors/${door.id}/open`, {
      token: r.tokens.manager,
    });
    const logs = await call(t.app, 'GET', `/buildings/${r.building.id}/door_logs?door_id=${door.id}`, {
      token: r.tokens.manager,
    });
    expect(logs.json().data[0]).toMatchObject({
      actor_type: 'user',
      method: 'dashboard',
      oauth2_client: null,
    });
  });
});

describe('narrowing', () => {
  it('limits a grant to one building', async () => {
    // A manager of two buildings lets the app into one of them.
    const door = await createDoor(t.ctx, r.otherBuilding.id);
    const tokens = await authorizeApp(t.app, r.tokens.otherManager, client, {
      scope: allScopes,
      building_id: r.otherBuilding.id,
    });
    await makeManager(t.ctx, r.building.id, r.people.otherManager);
    const token = tokens.access_token;
    const buildings = (await appCall(t.app, 'GET', '/buildings', token)).json().data;
    expect(buildings.map((b: { id: string }) => b.id)).toEqual([r.otherBuilding.id]);
    expect((await appCall(t.app, 'GET', `/buildings/${r.otherBuilding.id}`, token)).statusCode).toBe(200);
    expect((await appCall(t.app, 'GET', `/buildings/${r.building.id}`, token)).statusCode).toBe(404);
    expect((await appCall(t.app, 'GET', `/buildings/${r.building.id}/door_logs`, token)).statusCode).toBe(
      404,
    );
    expect(
      (await appCall(t.app, 'POST', `/buildings/${r.building.id}/doors/${r.door.id}/open`, token)).statusCode,
    ).toBe(404);
    expect(
      (await appCall(t.app, 'POST', `/buildings/${r.otherBuilding.id}/doors/${door.id}/open`, token))
        .statusCode,
    ).toBe(200);
    const myDoors = (await appCall(t.app, 'GET', '/me/doors', token)).json().data;
    expect(new Set(myDoors.map((d: { building: { id: string } }) => d.building.id))).toEqual(
      new Set([r.otherBuilding.id]),
    );
    // The user, signed in themselves, still sees both buildings.
    const own = await call(t.app, 'GET', '/buildings', { token: r.tokens.otherManager });
    expect(own.json().data).toHaveLength(2);
  });

  it('limits a grant to one door', async () => {
    const gate = await createDoor(t.ctx, r.building.id, { name: 'Side gate' });
    const tokens = await authorizeApp(t.app, r.tokens.manager, client, {
      scope: allScopes,
      door_id: gate.id,
    });
    const token = tokens.access_token;
    const b = r.building.id;
    const doors = (await appCall(t.app, 'GET', `/buildings/${b}/doors`, token)).json();
    expect(doors.data.map((d: { id: string }) => d.id)).toEqual([gate.id]);
    expect(doors.meta.total).toBe(1);
    expect((await appCall(t.app, 'GET', `/buildings/${b}/doors/${r.door.id}`, token)).statusCode).toBe(404);
    expect((await appCall(t.app, 'POST', `/buildings/${b}/doors/${r.door.id}/open`, token)).statusCode).toBe(
      404,
    );
    expect((await appCall(t.app, 'POST', `/buildings/${b}/doors/${gate.id}/open`, token)).statusCode).toBe(
      200,
    );
    const myDoors = (await appCall(t.app, 'GET', '/me/doors', token)).json().data;
    expect(myDoors.map((d: { id: string }) => d.id)).toEqual([gate.id]);

    // The manager opens the main door themselves: the app's activity shows only its door.
    await call(t.app, 'POST', `/buildings/${b}/doors/${r.door.id}/open`, { token: r.tokens.manager });
    const logs = (await appCall(t.app, 'GET', `/buildings/${b}/door_logs`, token)).json().data;
    expect(logs.length).toBeGreaterThan(0);
    expect(new Set(logs.map((row: { door: { id: string } }) => row.door.id))).toEqual(new Set([gate.id]));
    expect(
      (await appCall(t.app, 'GET', `/buildings/${b}/door_logs?door_id=${r.door.id}`, token)).statusCode,
    ).toBe(404);
    expect((await appCall(t.app, 'GET', `/buildings/${b}/calls`, token)).statusCode).toBe(200);

    const grants = (await call(t.app, 'GET', '/me/oauth2_authorizations', { token: r.tokens.manager })).json()
      .data;
    expect(grants[0]).toMatchObject({ building: { id: b }, door: { id: gate.id, name: 'Side gate' } });
  });

  it('accepts only a building or door the user belongs to', async () => {
    const { challenge } = pkce();
    const building = await consent(t.app, r.tokens.member, client.id, {
      scope: 'doors:read',
      challenge,
      building_id: r.otherBuilding.id,
    });
    expect(building.statusCode).toBe(422);
    expect(errorsOf(building)[0]).toMatchObject({ field: 'building_id' });
    const foreignDoor = await createDoor(t.ctx, r.otherBuilding.id);
    const door = await consent(t.app, r.tokens.member, client.id, {
      scope: 'doors:read',
      challenge,
      door_id: foreignDoor.id,
    });
    expect(door.statusCode).toBe(422);
    expect(errorsOf(door)[0]).toMatchObject({ field: 'door_id' });
    const mismatch = await consent(t.app, r.tokens.manager, client.id, {
      scope: 'doors:read',
      challenge,
      building_id: r.building.id,
      door_id: foreignDoor.id,
    });
    expect(mismatch.statusCode).toBe(422);
  });

  it('follows the user’s roles as they change', async () => {
    const unit = await createUnit(t.ctx, r.otherBuilding.id);
    const tokens = await authorizeApp(t.app, r.tokens.stranger, client, { scope: 'buildings:read' });
    expect((await appCall(t.app, 'GET', '/buildings', tokens.access_token)).json().data).toEqual([]);
    await makeMember(t.ctx, unit.id, r.people.stranger);
    const after = (await appCall(t.app, 'GET', '/buildings', tokens.access_token)).json().data;
    expect(after.map((b: { id: string }) => b.id)).toEqual([r.otherBuilding.id]);
  });
});
