import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  createTestApp,
  createUser,
  defaultPassword,
  errorsOf,
  signIn,
  type TestApp,
} from '../../../test/app.js';
import type { UserRow } from '../users/repository.js';

let t: TestApp;
let user: UserRow;

beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
  user = await createUser(t.ctx);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

function cookieHeader(setCookie: string | string[] | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    cookies[name!.trim()] = value.join('=');
  }
  return cookies;
}

describe('POST /me/current_session', () => {
  it('signs in with the bearer transport and gives whole tokens with their expiry', async () => {
    const response = await call(t.app, 'POST', '/me/current_session', {
      body: {
        email: user.email.toUpperCase(),
        password: defaultPassword,
        token_signature_transport: 'bearer',
      },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.access.split('.')).toHaveLength(3);
    expect(data.access.endsWith('.')).toBe(false);
    const now = Date.now() / 1000;
    expect(data.access_exp).toBeGreaterThan(now + 14 * 60);
    expect(data.access_exp).toBeLessThanOrEqual(now + 15 * 60 + 1);
    expect(data.refresh_exp).toBeGreaterThan(now + 59 * 24 * 3600);
    expect(response.headers['set-cookie']).toBeUndefined();
    const account = await call(t.app, 'GET', '/me/account', { token: data.access });
    expect(account.json().data.account.email).toBe(user.email);
  });

  it('with cookie_only keeps the signatures in HttpOnly strict cookies', async () => {
    const response = await call(t.app, 'POST', '/me/current_session', {
      body: { email: user.email, password: defaultPassword, token_signature_transport: 'cookie_only' },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.access).toMatch(/^[\w-]+\.[\w-]+\.$/);
    expect(data.refresh).toMatch(/^[\w-]+\.[\w-]+\.$/);
    const setCookie = [response.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(
      /_access_token_signature=[\w-]+; Max-Age=\d+; Path=\/api\/v4; HttpOnly; Secure; SameSite=Strict/,
    );
    expect(setCookie).toMatch(
      /_refresh_token_signature=[\w-]+;.*Path=\/api\/v4\/me\/current_session\/refresh; HttpOnly; Secure; SameSite=Strict/,
    );

    const cookies = cookieHeader(response.headers['set-cookie']);
    const withCookie = await call(t.app, 'GET', '/me/account', { token: data.access, cookies });
    expect(withCookie.statusCode).toBe(200);
    const withoutCookie = await call(t.app, 'GET', '/me/account', { token: data.access });
    expect(withoutCookie.statusCode).toBe(401);
    expect(errorsOf(withoutCookie)[0]).toMatchObject({ code: 'token_invalid' });
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const other = await createUser(t.ctx);
    const wrong = await call(t.app, 'POST', '/me/current_session', {
      body: { email: other.email, password: 'not the password', token_signature_transport: 'bearer' },
    });
    const unknown = await call(t.app, 'POST', '/me/current_session', {
      body: {
        email: 'nobody@example.com',
        password: 'not the password',
        token_signature_transport: 'bearer',
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(errorsOf(wrong)).toEqual([
      { code: 'invalid_credentials', message: 'Email or password is incorrect' },
    ]);
  });

  it('limits failed attempts per account, even with the right password afterwards', async () => {
    const target = await createUser(t.ctx);
    for (let i = 0; i < 3; i++) {
      const response = await call(t.app, 'POST', '/me/current_session', {
        body: { email: target.email, password: `wrong ${i}`, token_signature_transport: 'bearer' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await call(t.app, 'POST', '/me/current_session', {
      body: { email: target.email, password: defaultPassword, token_signature_transport: 'bearer' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorsOf(blocked)[0]).toMatchObject({ code: 'rate_limited' });
  });

  it('refuses a missing transport and an unknown one', async () => {
    const response = await call(t.app, 'POST', '/me/current_session', {
      body: { email: user.email, password: defaultPassword, token_signature_transport: 'smoke_signals' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]).toMatchObject({ field: 'token_signature_transport' });
  });
});

describe('tokens', () => {
  it('refuses a tampered token and a token of the wrong type', async () => {
    const tokens = await signIn(t.app, user.email);
    const [header, payload, signature] = tokens.access.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'x' }),
    ).toString('base64url');
    const tampered = await call(t.app, 'GET', '/me/account', { token: `${header}.${forged}.${signature}` });
    expect(tampered.statusCode).toBe(401);
    expect(errorsOf(tampered)[0]).toMatchObject({ code: 'token_invalid' });

    const refreshAsAccess = await call(t.app, 'GET', '/me/account', { token: tokens.refresh });
    expect(refreshAsAccess.statusCode).toBe(401);
    expect(errorsOf(refreshAsAccess)[0]).toMatchObject({ code: 'token_invalid' });

    const accessAsRefresh = await call(t.app, 'POST', '/me/current_session/refresh', {
      token: tokens.access,
    });
    expect(accessAsRefresh.statusCode).toBe(401);

    const none = await call(t.app, 'GET', '/me/account');
    expect(none.statusCode).toBe(401);
    expect(errorsOf(none)[0]).toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses an expired access token', async () => {
    const tokens = await signIn(t.app, user.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
    const response = await call(t.app, 'GET', '/me/account', { token: tokens.access });
    expect(response.statusCode).toBe(401);
    expect(errorsOf(response)[0]).toMatchObject({ code: 'token_expired' });
  });
});

describe('POST /me/current_session/refresh', () => {
  it('rotates the refresh token; reusing an old one ends the session', async () => {
    const first = await signIn(t.app, user.email);
    const refreshed = await call(t.app, 'POST', '/me/current_session/refresh', { token: first.refresh });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json().data;
    expect(second.refresh).not.toBe(first.refresh);
    expect((await call(t.app, 'GET', '/me/account', { token: second.access })).statusCode).toBe(200);

    const reuse = await call(t.app, 'POST', '/me/current_session/refresh', { token: first.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(errorsOf(reuse)[0]).toMatchObject({ code: 'session_revoked' });
    // The whole session is gone: the newest tokens stop working too.
    expect((await call(t.app, 'GET', '/me/account', { token: second.access })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', '/me/current_session/refresh', { token: second.refresh })).statusCode,
    ).toBe(401);
  });

  it('works with split tokens and cookies, and with a dummy bearer that relies on the cookie', async () => {
    const login = await call(t.app, 'POST', '/me/current_session', {
      body: { email: user.email, password: defaultPassword, token_signature_transport: 'cookie_only' },
    });
    const cookies = cookieHeader(login.headers['set-cookie']);
    const split = await call(t.app, 'POST', '/me/current_session/refresh', {
      token: login.json().data.refresh,
      cookies,
    });
    expect(split.statusCode).toBe(200);
    expect(split.json().data.refresh.endsWith('.')).toBe(true);

    const newCookies = cookieHeader(split.headers['set-cookie']);
    const dummy = await call(t.app, 'POST', '/me/current_session/refresh', {
      token: 'dummy',
      cookies: newCookies,
    });
    expect(dummy.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logs out: the access token stops working at once', async () => {
    const tokens = await signIn(t.app, user.email);
    const logout = await call(t.app, 'DELETE', '/me/current_session', { token: tokens.access });
    expect(logout.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/me/account', { token: tokens.access })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', '/me/current_session/refresh', { token: tokens.refresh })).statusCode,
    ).toBe(401);
  });

  it('lists the user’s sessions and ends one of them', async () => {
    const owner = await createUser(t.ctx);
    const phone = await signIn(t.app, owner.email);
    const laptop = await signIn(t.app, owner.email);
    const list = await call(t.app, 'GET', '/me/sessions', { token: laptop.access });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;

    const ended = await call(t.app, 'DELETE', `/me/sessions/${other.id}`, { token: laptop.access });
    expect(ended.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/me/account', { token: phone.access })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/me/account', { token: laptop.access })).statusCode).toBe(200);
  });

  it('cannot end another user’s session', async () => {
    const victim = await createUser(t.ctx);
    const victimTokens = await signIn(t.app, victim.email);
    const victimSessions = await call(t.app, 'GET', '/me/sessions', { token: victimTokens.access });
    const victimSessionId = victimSessions.json().data[0].id;

    const attacker = await signIn(t.app, user.email);
    const response = await call(t.app, 'DELETE', `/me/sessions/${victimSessionId}`, {
      token: attacker.access,
    });
    expect(response.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/me/account', { token: victimTokens.access })).statusCode).toBe(200);

    const malformed = await call(t.app, 'DELETE', '/me/sessions/not-a-uuid', { token: attacker.access });
    expect(malformed.statusCode).toBe(422);
  });
});
