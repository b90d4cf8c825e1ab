import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { type FakeSaltoKs, type FakeSite, startFakeSaltoKs } from '../../../test/fakes/saltoks.js';
import { buildingWithRoles, type Roles } from '../../../test/fixtures.js';
import { buildings } from '../../db/schema.js';
import { SaltoKsClient } from './client.js';

let fake: FakeSaltoKs;
let t: TestApp;
let roles: Roles;
let site: FakeSite;
let otherSite: FakeSite;

beforeAll(async () => {
  fake = await startFakeSaltoKs();
  site = fake.state.addSite({ customer_reference: 'Canal house' });
  fake.state.addIq(site, { customer_reference: 'Hall IQ', online: false });
  fake.state.addLock(site, { customer_reference: 'Front door', battery_level: 'low' });
  otherSite = fake.state.addSite({ customer_reference: 'Harbour' });
  fake.state.addLock(otherSite, { customer_reference: 'Gate' });
  t = await createTestApp({ ...fake.env, SALTOKS_RETRIES: '0' });
  roles = await buildingWithRoles(t.ctx, t.app);
  await t.ctx.db.update(buildings).set({ saltoksSiteId: site.id }).where(eq(buildings.id, roles.building.id));
  await t.ctx.db
    .update(buildings)
    .set({ saltoksSiteId: otherSite.id })
    .where(eq(buildings.id, roles.otherBuilding.id));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('GET /saltoks/sites', () => {
  it('lists the account’s sites for a superadmin and for building managers', async () => {
    for (const role of ['superadmin', 'manager', 'otherManager'] as const) {
      const response = await call(t.app, 'GET', '/saltoks/sites', { token: roles.tokens[role] });
      expect(response.statusCode, role).toBe(200);
      expect(response.json().data).toEqual([
        { id: site.id, name: 'Canal house' },
        { id: otherSite.id, name: 'Harbour' },
      ]);
    }
  });

  it('refuses everyone who manages no building', async () => {
    for (const role of ['unitManager', 'inviteMember', 'member', 'stranger'] as const) {
      const response = await call(t.app, 'GET', '/saltoks/sites', { token: roles.tokens[role] });
      expect(response.statusCode, role).toBe(403);
    }
    expect((await call(t.app, 'GET', '/saltoks/sites')).statusCode).toBe(401);
  });
});

describe('GET /saltoks/iqs and /saltoks/locks', () => {
  it('lists a linked site’s IQs and locks for its building’s manager and a superadmin', async () => {
    for (const role of ['superadmin', 'manager'] as const) {
      const iqs = await call(t.app, 'GET', `/saltoks/iqs?site_id=${site.id}`, { token: roles.tokens[role] });
      expect(iqs.statusCode, role).toBe(200);
      expect(iqs.json().data).toEqual([{ id: site.iqs[0]!.id, name: 'Hall IQ', online: false }]);
      const locks = await call(t.app, 'GET', `/saltoks/locks?site_id=${site.id}`, {
        token: roles.tokens[role],
      });
      expect(locks.statusCode, role).toBe(200);
      expect(locks.json().data).toEqual([
        {
          id: site.locks[0]!.id,
          name: 'Front door',
          online: true,
          locked_state: 'locked',
          battery_level: 'low',
          iq_id: site.iqs[0]!.id,
        },
      ]);
      // The lock's OTP secret never leaves Salto KS through us.
      expect(locks.body).not.toContain(site.locks[0]!.otp_secret);
    }
  });

  it('lets a superadmin read any site, a manager only the sites of their buildings', async () => {
    const admin = await call(t.app, 'GET', `/saltoks/locks?site_id=${otherSite.id}`, {
      token: roles.tokens.superadmin,
    });
    expect(admin.statusCode).toBe(200);
    for (const path of ['iqs', 'locks']) {
      const response = await call(t.app, 'GET', `/saltoks/${path}?site_id=${otherSite.id}`, {
        token: roles.tokens.manager,
      });
      expect(response.statusCode, path).toBe(403);
    }
  });

  it('refuses the other building’s manager, unit managers, members and strangers', async () => {
    for (const role of ['otherManager', 'unitManager', 'inviteMember', 'member', 'stranger'] as const) {
      for (const path of ['iqs', 'locks']) {
        const response = await call(t.app, 'GET', `/saltoks/${path}?site_id=${site.id}`, {
          token: roles.tokens[role],
        });
        expect(response.statusCode, `${role} ${path}`).toBe(403);
      }
    }
    expect((await call(t.app, 'GET', `/saltoks/locks?site_id=${site.id}`)).statusCode).toBe(401);
  });

  it('needs a site_id', async () => {
    const response = await call(t.app, 'GET', '/saltoks/locks', { token: roles.tokens.manager });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]).toMatchObject({ field: 'site_id' });
    const blank = await call(t.app, 'GET', '/saltoks/iqs?site_id=', { token: roles.tokens.manager });
    expect(blank.statusCode).toBe(422);
  });

  it('answers 502 with Salto KS’s message when it fails, 404 for a site it does not know', async () => {
    fake.state.inject.serverErrors = 1;
    const failed = await call(t.app, 'GET', `/saltoks/locks?site_id=${site.id}`, {
      token: roles.tokens.manager,
    });
    expect(failed.statusCode).toBe(502);
    expect(errorsOf(failed)[0]).toEqual({
      code: 'saltoks_error',
      message: 'Salto KS answered with an error: Something went wrong',
    });
    const unknown = await call(t.app, 'GET', '/saltoks/locks?site_id=no-such-site', {
      token: roles.tokens.superadmin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)[0]!.code).toBe('saltoks_not_found');
  });
});

describe('without Salto KS credentials', () => {
  it('answers 503 saltoks_not_configured to those allowed, 403 to the others', async () => {
    const configured = t.ctx.saltoks;
    t.ctx.saltoks = new SaltoKsClient({ ...t.config.saltoks, clientId: undefined });
    try {
      const response = await call(t.app, 'GET', '/saltoks/sites', { token: roles.tokens.superadmin });
      expect(response.statusCode).toBe(503);
      expect(errorsOf(response)[0]!.code).toBe('saltoks_not_configured');
      const refused = await call(t.app, 'GET', '/saltoks/sites', { token: roles.tokens.member });
      expect(refused.statusCode).toBe(403);
    } finally {
      t.ctx.saltoks = configured;
    }
  });
});
