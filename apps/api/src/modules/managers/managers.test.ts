import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, errorsOf, signIn, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, createBuilding, makeManager, type Roles } from '../../../test/fixtures.js';
import { listOutbox } from '../mail/outbox.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

const managersPath = (buildingId: string) => `/buildings/${buildingId}/managers`;

describe('building managers', () => {
  it('are listed for managers, not for members or other managers', async () => {
    const list = await call(t.app, 'GET', managersPath(r.building.id), { token: r.tokens.manager });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((m: { user: { email: string } }) => m.user.email)).toEqual([
      r.people.manager.email,
    ]);
    for (const token of [r.tokens.member, r.tokens.unitManager, r.tokens.otherManager]) {
      expect((await call(t.app, 'GET', managersPath(r.building.id), { token })).statusCode).toBe(403);
    }
  });

  it('invites a new person by mail; they can manage once they accept', async () => {
    const email = `new-manager-${Date.now()}@example.com`;
    const response = await call(t.app, 'POST', managersPath(r.building.id), {
      token: r.tokens.manager,
      body: { email, first_name: 'Nina' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.user).toMatchObject({ email, first_name: 'Nina', invite_pending: true });
    const [mail] = await listOutbox(t.ctx.db, { to: email, limit: 1 });
    expect(mail!.kind).toBe('invite');
    expect(mail!.textBody).toContain('/auth/confirm_invite?token=');
  });

  it('gives an existing user the role, who then sees the building', async () => {
    const colleague = await createUser(t.ctx);
    const { access } = await signIn(t.app, colleague.email);
    const before = await call(t.app, 'GET', `/buildings/${r.building.id}`, { token: access });
    expect(before.statusCode).toBe(403);

    const added = await call(t.app, 'POST', managersPath(r.building.id), {
      token: r.tokens.manager,
      body: { email: colleague.email },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.user).toMatchObject({ id: colleague.id, invite_pending: false });
    const after = await call(t.app, 'GET', `/buildings/${r.building.id}`, { token: access });
    expect(after.statusCode).toBe(200);

    const twice = await call(t.app, 'POST', managersPath(r.building.id), {
      token: r.tokens.manager,
      body: { email: colleague.email },
    });
    expect(twice.statusCode).toBe(409);
    expect(errorsOf(twice)[0]).toMatchObject({ field: 'email' });
  });

  it('refuses members and other managers to add anyone', async () => {
    for (const token of [r.tokens.member, r.tokens.unitManager, r.tokens.otherManager]) {
      const response = await call(t.app, 'POST', managersPath(r.building.id), {
        token,
        body: { email: 'x@example.com' },
      });
      expect(response.statusCode).toBe(403);
    }
    const bad = await call(t.app, 'POST', managersPath(r.building.id), {
      token: r.tokens.manager,
      body: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('keeps the last manager, except when a superadmin removes them', async () => {
    const building = await createBuilding(t.ctx);
    const [first, second] = [await createUser(t.ctx), await createUser(t.ctx)];
    await makeManager(t.ctx, building.id, first);
    await makeManager(t.ctx, building.id, second);
    const firstToken = (await signIn(t.app, first.email)).access;
    const managers = (await call(t.app, 'GET', managersPath(building.id), { token: firstToken })).json()
      .data as {
      id: string;
      user: { id: string };
    }[];
    const [own, other] = [
      managers.find((m) => m.user.id === first.id)!,
      managers.find((m) => m.user.id === second.id)!,
    ];

    const one = await call(t.app, 'GET', `${managersPath(building.id)}/${other.id}`, { token: firstToken });
    expect(one.json().data.user.id).toBe(second.id);
    expect(
      (
        await call(t.app, 'DELETE', `${managersPath(building.id)}/${other.id}`, {
          token: r.tokens.otherManager,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', `${managersPath(building.id)}/${other.id}`, { token: firstToken }))
        .statusCode,
    ).toBe(200);
    const last = await call(t.app, 'DELETE', `${managersPath(building.id)}/${own.id}`, { token: firstToken });
    expect(last.statusCode).toBe(409);
    expect(errorsOf(last)[0]!.message).toMatch(/at least one manager/);
    const bySuperadmin = await call(t.app, 'DELETE', `${managersPath(building.id)}/${own.id}`, {
      token: r.tokens.superadmin,
    });
    expect(bySuperadmin.statusCode).toBe(200);
  });
});
