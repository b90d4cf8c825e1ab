/**
 * The server must work with the published browser client `@weareyipyip/multitab-token-refresh` as
 * it is (spec README). This drives its TokenService against a real listening server over HTTP.
 * (Only its token modules are imported: its index opens a BroadcastChannel that would keep the
 * test process alive.)
 */
import type { AddressInfo } from 'node:net';
import { TokenService } from '@weareyipyip/multitab-token-refresh/dist/token-service.js';
import { fromJwt } from '@weareyipyip/multitab-token-refresh/dist/tokens.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, defaultPassword, type TestApp } from './app.js';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v4`;
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

interface TokenReply {
  access: string;
  refresh: string;
  access_exp: number;
  refresh_exp: number;
}

async function post(path: string, body: unknown, bearer?: string) {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': '1',
      'x-app-version': '1.21.1',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function toTokens(data: TokenReply) {
  return fromJwt({
    accessToken: data.access,
    refreshToken: data.refresh,
    accessTokenExp: data.access_exp,
    refreshTokenExp: data.refresh_exp,
  });
}

/** The refresh callback exactly as the package's README writes it: log out only on 401. */
function refreshTokens(refreshToken: string, setLoggedOut: () => void) {
  return fetch(`${baseUrl}/me/current_session/refresh`, {
    method: 'POST',
    headers: { authorization: `Bearer ${refreshToken}`, 'x-csrf-token': '1', 'x-app-version': '1.21.1' },
  }).then(async (response) => {
    if (response.status === 401) setLoggedOut();
    if (!response.ok)
      throw Object.assign(new Error('refresh failed'), { response: { status: response.status } });
    return toTokens(((await response.json()) as { data: TokenReply }).data);
  });
}

async function getAccount(service: TokenService) {
  const token = await service.getAccessToken();
  return fetch(`${baseUrl}/me/account`, { headers: { authorization: `Bearer ${token}` } });
}

describe('the multitab-token-refresh client', () => {
  it('logs in, uses the token, refreshes after expiry, and reports "Logged out" when the session ends', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const user = await createUser(t.ctx);
    const storage = new MemoryStorage();
    const service = new TokenService(refreshTokens, { storage });

    const login = await post('/me/current_session', {
      email: user.email,
      password: defaultPassword,
      token_signature_transport: 'bearer',
    });
    service.setStatus(toTokens(((await login.json()) as { data: TokenReply }).data));
    expect(service.getStatus()).toMatchObject({ loggedIn: true, accessTokenValid: true });
    expect(JSON.parse(storage.getItem('authStatus')!).loggedIn).toBe(true);

    const first = await getAccount(service);
    expect(first.status).toBe(200);
    const firstAccess = service.getStatus().accessToken;

    // Sixteen minutes later the access token has expired: the service refreshes on its own.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
    expect(service.getStatus().accessTokenValid).toBe(false);
    const afterExpiry = await getAccount(service);
    expect(afterExpiry.status).toBe(200);
    expect(service.getStatus().accessToken).not.toBe(firstAccess);

    // The session ends on the server (e.g. signed out from another device).
    const logout = await fetch(`${baseUrl}/me/current_session`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${service.getStatus().accessToken}`, 'x-csrf-token': '1' },
    });
    expect(logout.status).toBe(200);
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    await expect(service.getAccessToken()).rejects.toThrow('Logged out');
    expect(service.getStatus().loggedIn).toBe(false);
    expect(storage.getItem('authStatus')).toBeNull();
  });
});
