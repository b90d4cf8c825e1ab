import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, errorsOf, signIn, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, type Roles } from '../../../test/fixtures.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

describe('user accounts (superadmin)', () => {
  it('are listed with search and pages; nobody else may list them', async () => {
    const found = await call(t.app, 'GET', `/users?search=${encodeURIComponent(r.people.member.email)}`, {
      token: r.tokens.superadmin,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((u: { id: string }) => u.id)).toEqual([r.people.member.id]);
    expect(found.json().meta).toMatchObject({ total: 1, page: 1 });
    for (const token of [r.tokens.manager, r.tokens.member]) {
      expect((await call(t.app, 'GET', '/users', { token })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', `/users/${r.people.member.id}`, { token })).statusCode).toBe(403);
    }
  });

  it('show memberships, managerships and sessions; a session can be ended', async () => {
    const { access } = await signIn(t.app, r.people.unitManager.email);
    const path = `/users/${r.people.unitManager.id}?preloads=memberships_unit_building,managerships_building,sessions`;
    const user = (await call(t.app, 'GET', path, { token: r.tokens.superadmin })).json().data;
    expect(user.memberships_unit_building).toEqual([
      expect.objectContaining({
        role: 'unit_manager',
        unit: { id: r.unit.id, name: r.unit.name },
        building: expect.objectContaining({ id: r.building.id }),
      }),
    ]);
    expect(user.managerships_building).toEqual([]);
    expect(user.sessions.length).toBeGreaterThanOrEqual(2);

    const sessionId = user.sessions[0].id;
    const ended = await call(t.app, 'DELETE', `/users/${r.people.unitManager.id}/sessions/${sessionId}`, {
      token: r.tokens.superadmin,
    });
    expect(ended.statusCode).toBe(200);
    const after = (await call(t.app, 'GET', path, { token: r.tokens.superadmin })).json().data;
    expect(after.sessions.map((s: { id: string }) => s.id)).not.toContain(sessionId);
    expect(access).toBeTruthy();
  });

  it('are changed by a superadmin, who cannot demote themselves', async () => {
    const user = await createUser(t.ctx);
    const changed = await call(t.app, 'PUT', `/users/${user.id}`, {
      token: r.tokens.superadmin,
      body: { first_name: 'Renamed', phone: '06 1111 2222', is_superadmin: true },
    });
    expect(changed.json().data).toMatchObject({
      first_name: 'Renamed',
      phone: '+31611112222',
      is_superadmin: true,
    });
    const self = await call(t.app, 'PUT', `/users/${r.people.superadmin.id}`, {
      token: r.tokens.superadmin,
      body: { is_superadmin: false },
    });
    expect(self.statusCode).toBe(409);
    expect(errorsOf(self)[0]).toMatchObject({ code: 'cannot_demote_self' });
    const taken = await call(t.app, 'PUT', `/users/${user.id}`, {
      token: r.tokens.superadmin,
      body: { email: r.people.member.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(
      (await call(t.app, 'PUT', `/users/${user.id}`, { token: r.tokens.manager, body: { first_name: 'X' } }))
        .statusCode,
    ).toBe(403);
  });

  it('when deleted, lose every session at once', async () => {
    const user = await createUser(t.ctx);
    const { access, refresh } = await signIn(t.app, user.email);
    expect((await call(t.app, 'GET', '/me/account', { token: access })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/users/${user.id}`, { token: r.tokens.manager })).statusCode).toBe(
      403,
    );
    expect(
      (await call(t.app, 'DELETE', `/users/${user.id}`, { token: r.tokens.superadmin })).statusCode,
    ).toBe(200);
    expect((await call(t.app, 'GET', '/me/account', { token: access })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/me/current_session/refresh', { token: refresh })).statusCode).toBe(
      401,
    );
    const self = await call(t.app, 'DELETE', `/users/${r.people.superadmin.id}`, {
      token: r.tokens.superadmin,
    });
    expect(self.statusCode).toBe(409);
  });
});
