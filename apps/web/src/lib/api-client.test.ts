import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../test/fetch-mock';
import { splitToken, tokensWire, USER_ID } from '../test/fixtures';
import { ApiError, apiClient } from './api-client';
import { isLoggedIn, tokenService } from './token-service';

function signInWith(accessTtl: number, refreshTtl = 3600) {
  const tokens = tokensWire(accessTtl, refreshTtl);
  tokenService.setStatus({
    accessToken: tokens.access,
    accessTokenExp: tokens.access_exp,
    refreshToken: tokens.refresh,
    refreshTokenExp: tokens.refresh_exp,
  });
  return tokens;
}

beforeEach(() => {
  tokenService.setLoggedOut();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
});

describe('headers', () => {
  it('sends the app version on every call and the CSRF header only on writes', async () => {
    const api = mockApi({
      'GET /things': ok([]),
      'POST /things': ok(null),
      'PUT /things': ok(null),
      'PATCH /things': ok(null),
      'DELETE /things': ok(null),
    });
    await apiClient.get('/things', { auth: false });
    await apiClient.post('/things', {}, { auth: false });
    await apiClient.put('/things', {}, { auth: false });
    await apiClient.patch('/things', {}, { auth: false });
    await apiClient.delete('/things', undefined, { auth: false });

    for (const request of api.requests) expect(request.headers.get('x-app-version')).toBe('1.21.1');
    const [get, ...writes] = api.requests;
    expect(get?.headers.has('x-csrf-token')).toBe(false);
    expect(writes.map((request) => request.method)).toEqual(['POST', 'PUT', 'PATCH', 'DELETE']);
    for (const request of writes) expect(request.headers.get('x-csrf-token')).toBeTruthy();
  });

  it('calls /api/v4 on the same origin with same-origin credentials', async () => {
    const api = mockApi({ 'GET /app_config': ok({}) });
    await apiClient.get('/app_config', { auth: false });
    expect(api.requests[0]?.url).toBe('/api/v4/app_config');
    expect(api.requests[0]?.credentials).toBe('same-origin');
  });

  it('sends the access token as bearer on authenticated calls and none on "no auth" calls', async () => {
    const tokens = signInWith(900);
    const api = mockApi({ 'GET /me/account': ok({ account: {} }), 'GET /app_config': ok({}) });
    await apiClient.get('/me/account');
    await apiClient.get('/app_config', { auth: false });
    expect(api.calls('GET /me/account')[0]?.headers.get('authorization')).toBe(`Bearer ${tokens.access}`);
    expect(api.calls('GET /app_config')[0]?.headers.has('authorization')).toBe(false);
  });

  it('refuses an authenticated call when logged out, with "Logged out", without calling the server', async () => {
    const api = mockApi({});
    await expect(apiClient.get('/me/account')).rejects.toThrow('Logged out');
    expect(api.requests).toHaveLength(0);
  });
});

describe('envelope', () => {
  it('maps data and meta to camelCase and sends bodies and params in snake_case', async () => {
    const api = mockApi({
      'PUT /me/account': ok(
        { account: { first_name: 'Jane', permission_props: { b_manager_of_building: ['b1'] } } },
        { next_cursor: 'abc', total_count: 3 },
      ),
    });
    signInWith(900);
    const reply = await apiClient.put<{ account: { firstName: string; permissionProps: unknown } }>(
      '/me/account',
      { firstName: 'Jane', currentPassword: 'x', password_confirmation: 'y' },
      { params: { buildingId: 'b1', empty: undefined } },
    );
    expect(reply.data.account.firstName).toBe('Jane');
    expect(reply.data.account.permissionProps).toEqual({ bManagerOfBuilding: ['b1'] });
    expect(reply.meta).toEqual({ nextCursor: 'abc', totalCount: 3 });
    const request = api.calls('PUT /me/account')[0];
    expect(request?.body).toEqual({ first_name: 'Jane', current_password: 'x', password_confirmation: 'y' });
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.url).toBe('/api/v4/me/account?building_id=b1');
  });

  it('throws an ApiError with the status and the errors list, and logs it', async () => {
    mockApi({
      'POST /me/current_session': fail(401, [
        { code: 'invalid_credentials', message: 'Wrong email or password' },
      ]),
    });
    const error = await apiClient
      .post('/me/current_session', { email: 'a@b.c' }, { auth: false })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Wrong email or password',
      errors: [{ code: 'invalid_credentials', message: 'Wrong email or password' }],
    });
    expect(console.error).toHaveBeenCalled();
  });

  it('keeps the field of a validation error', async () => {
    mockApi({
      'PUT /me/account': fail(422, [
        { code: 'validation_failed', message: 'is too long', field: 'first_name' },
      ]),
    });
    signInWith(900);
    await expect(apiClient.put('/me/account', {})).rejects.toMatchObject({
      status: 422,
      errors: [{ code: 'validation_failed', message: 'is too long', field: 'first_name' }],
    });
  });

  it('treats a reply with errors as a failure even with a 2xx status', async () => {
    mockApi({
      'GET /odd': {
        status: 200,
        body: { data: null, errors: [{ code: 'conflict', message: 'No' }], meta: {} },
      },
    });
    await expect(apiClient.get('/odd', { auth: false })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('transport errors', () => {
  it('reports a network failure as "Network Error"', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiClient.get('/app_config', { auth: false })).rejects.toMatchObject({
      message: 'Network Error',
      status: 0,
    });
  });

  it('reports a cancelled call as "Request aborted"', async () => {
    mockApi({ 'GET /app_config': ok({}) });
    const controller = new AbortController();
    controller.abort();
    await expect(
      apiClient.get('/app_config', { auth: false, signal: controller.signal }),
    ).rejects.toMatchObject({
      message: 'Request aborted',
    });
  });

  it('has no timeout by default and reports a given one as "timeout of Nms exceeded"', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const slow = apiClient
      .get('/app_config', { auth: false, timeout: 2500 })
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2500);
    await expect(slow).resolves.toMatchObject({ message: 'timeout of 2500ms exceeded' });

    let settled = false;
    void apiClient.get('/app_config', { auth: false }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(settled).toBe(false);
  });
});

describe('token refresh', () => {
  it('refreshes an expiring access token with the refresh token as bearer, then uses the new one', async () => {
    const old = signInWith(2);
    const fresh = {
      access: splitToken({ sub: USER_ID, exp: Math.floor(Date.now() / 1000) + 900, n: 2 }),
      refresh: splitToken({ sub: USER_ID, exp: Math.floor(Date.now() / 1000) + 7200, n: 2 }),
      access_exp: Math.floor(Date.now() / 1000) + 900,
      refresh_exp: Math.floor(Date.now() / 1000) + 7200,
    };
    const api = mockApi({
      'POST /me/current_session/refresh': ok(fresh),
      'GET /me/account': ok({ account: {} }),
    });
    await apiClient.get('/me/account');
    const refresh = api.calls('POST /me/current_session/refresh')[0];
    expect(refresh?.headers.get('authorization')).toBe(`Bearer ${old.refresh}`);
    expect(refresh?.headers.get('x-csrf-token')).toBeTruthy();
    expect(api.calls('GET /me/account')[0]?.headers.get('authorization')).toBe(`Bearer ${fresh.access}`);
    expect(JSON.parse(localStorage.getItem('authStatus') ?? '{}')).toMatchObject({
      refreshToken: fresh.refresh,
    });
  });

  it('clears the session and raises "Logged out" when the refresh is answered 401', async () => {
    signInWith(2);
    expect(isLoggedIn()).toBe(true);
    mockApi({
      'POST /me/current_session/refresh': fail(401, [{ code: 'session_revoked', message: 'Revoked' }]),
    });
    await expect(apiClient.get('/me/account')).rejects.toThrow('Logged out');
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem('authStatus')).toBeNull();
  });

  it('keeps the session when a refresh fails for another reason (503)', async () => {
    signInWith(2);
    mockApi({ 'POST /me/current_session/refresh': fail(503, [{ code: 'unavailable', message: 'Down' }]) });
    await expect(apiClient.get('/me/account')).rejects.toThrow('Logged out');
    expect(isLoggedIn()).toBe(true);
  });

  it('marks the user logged out when the server says the session is gone', async () => {
    signInWith(900);
    mockApi({ 'GET /me/account': fail(401, [{ code: 'session_revoked', message: 'Revoked' }]) });
    await expect(apiClient.get('/me/account')).rejects.toBeInstanceOf(ApiError);
    expect(isLoggedIn()).toBe(false);
  });
});
