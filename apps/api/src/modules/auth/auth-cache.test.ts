import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, signIn, type TestApp } from '../../../test/app.js';
import { newId } from '../../db/ids.js';
import { buildingManagers, buildings, sessions, units } from '../../db/schema.js';
import type { SessionRow } from '../sessions/repository.js';
import type { UserRow } from '../users/repository.js';
import { AuthCache } from './auth-cache.js';

const later = new Date(Date.now() + 3600_000);
const entry = (userId: string, sessionId: string) => ({
  user: { id: userId } as UserRow,
  session: { id: sessionId, expiresAt: later } as SessionRow,
});

describe('AuthCache', () => {
  it('does not store a load that raced with an invalidation', () => {
    const cache = new AuthCache(30_000);
    const epoch = cache.epoch;
    cache.forgetSession('s1');
    cache.set('s1', entry('u1', 's1'), epoch);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', entry('u1', 's1'), cache.epoch);
    expect(cache.get('s1')).toBeDefined();
  });

  it('forgets every session of a user, and the sessions of a building’s managers', () => {
    const cache = new AuthCache(30_000);
    cache.set('a', entry('u1', 'a'), cache.epoch);
    cache.set('b', entry('u1', 'b'), cache.epoch);
    cache.set(
      'c',
      { ...entry('u2', 'c'), roleData: { bManagerOfBuilding: ['b1'], uMemberOfBuilding: [] } as never },
      cache.epoch,
    );
    cache.set(
      'd',
      { ...entry('u3', 'd'), roleData: { bManagerOfBuilding: ['b2'], uMemberOfBuilding: [] } as never },
      cache.epoch,
    );
    cache.applyNotification('u:u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    cache.applyNotification('b:b1');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('d')).toBeDefined();
  });

  it('never serves a session past its expiry, and stores nothing when disabled', () => {
    const cache = new AuthCache(30_000);
    cache.set(
      'x',
      { ...entry('u', 'x'), session: { id: 'x', expiresAt: new Date(Date.now() - 1) } as SessionRow },
      cache.epoch,
    );
    expect(cache.get('x')).toBeUndefined();
    const off = new AuthCache(0);
    off.set('y', entry('u', 'y'), off.epoch);
    expect(off.get('y')).toBeUndefined();
  });
});

describe('changes made elsewhere (another process, plain SQL) reach the cache through the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 50; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the change never showed');
  }

  it('refuses a cached session once it is revoked in the database', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    expect((await call(t.app, 'GET', '/me/account', { token: access })).statusCode).toBe(200);
    await t.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await eventually(
      async () => (await call(t.app, 'GET', '/me/account', { token: access })).statusCode === 401,
    );
  });

  it('shows a new role in permission_props without signing in again', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const before = await call(t.app, 'GET', '/me/account', { token: access });
    expect(before.json().data.account.permission_props.b_manager_of_building).toEqual([]);

    const buildingId = newId();
    await t.ctx.db.insert(buildings).values({ id: buildingId, name: 'Elsewhere' });
    await t.ctx.db.insert(buildingManagers).values({ id: newId(), buildingId, userId: user.id });
    await eventually(async () => {
      const response = await call(t.app, 'GET', '/me/account', { token: access });
      return response.json().data.account.permission_props.b_manager_of_building.includes(buildingId);
    });

    const unitId = newId();
    await t.ctx.db.insert(units).values({ id: unitId, buildingId, name: '4D' });
    await eventually(async () => {
      const response = await call(t.app, 'GET', '/me/account', { token: access });
      return response.json().data.account.permission_props.b_manager_of_unit.includes(unitId);
    });
  });
});
