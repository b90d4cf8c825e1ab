import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, createTestApp, createUser, errorsOf, signIn, type TestApp } from '../../test/app.js';
import { envelopeOf, ok } from './envelope.js';

let t: TestApp;
let token: string;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-web-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Gatehouse</title>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp(
    {},
    {
      webDistDir: webDir,
      extend: (app) => {
        app.get('/api/v4/test/explode', { config: { public: true } }, async () => {
          throw new Error('database password is hunter2');
        });
        app.get(
          '/api/v4/test/leaky',
          {
            config: { public: true },
            schema: { response: { 200: envelopeOf(z.object({ name: z.string() })) } },
          },
          async () => ok({ name: 'Ann', password_hash: '$argon2id$secret' }),
        );
      },
    },
  );
  const user = await createUser(t.ctx);
  token = (await signIn(t.app, user.email)).access;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the envelope and the error handler', () => {
  it('answers an unknown API route with 404 in the envelope', async () => {
    const response = await call(t.app, 'GET', '/no/such/route', { token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      data: null,
      errors: [{ code: 'not_found', message: 'No route for GET /api/v4/no/such/route' }],
      meta: {},
    });
  });

  it('never leaks the message of a server error', async () => {
    const response = await call(t.app, 'GET', '/test/explode');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(errorsOf(response)).toEqual([{ code: 'internal_error', message: 'Something went wrong' }]);
  });

  it('writes only the fields a reply schema declares', async () => {
    const response = await call(t.app, 'GET', '/test/leaky');
    expect(response.json()).toEqual({ data: { name: 'Ann' }, errors: [], meta: {} });
    expect(response.body).not.toContain('argon2');
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v4/me/current_session',
      headers: { 'content-type': 'application/json', 'x-csrf-token': '1' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)[0]).toMatchObject({ code: 'bad_request' });
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await call(t.app, 'POST', '/me/current_session', {
      body: {
        email: 'a@example.com',
        password: 'x'.repeat(2 * 1024 * 1024),
        token_signature_transport: 'bearer',
      },
    });
    expect(response.statusCode).toBe(413);
    expect(errorsOf(response)[0]).toMatchObject({ code: 'payload_too_large' });
  });

  it('names the field for wrong types and unknown fields', async () => {
    const wrongType = await call(t.app, 'POST', '/me/current_session', {
      body: { email: 42, password: 'x', token_signature_transport: 'bearer' },
    });
    expect(wrongType.statusCode).toBe(422);
    expect(errorsOf(wrongType)).toContainEqual(
      expect.objectContaining({ code: 'validation_failed', field: 'email' }),
    );

    const unknown = await call(t.app, 'PUT', '/me/account', {
      token,
      body: { first_name: 'A', is_superadmin: true },
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)).toContainEqual(expect.objectContaining({ field: 'is_superadmin' }));
  });
});

describe('CSRF and client version', () => {
  it('requires the x-csrf-token header on writes', async () => {
    const response = await call(t.app, 'PUT', '/me/account', {
      token,
      body: { first_name: 'Eve' },
      withoutCsrf: true,
    });
    expect(response.statusCode).toBe(403);
    expect(errorsOf(response)[0]).toMatchObject({ code: 'csrf_missing' });
    const account = await call(t.app, 'GET', '/me/account', { token });
    expect(account.json().data.account.first_name).not.toBe('Eve');
  });

  it('refuses cross-site writes and foreign origins', async () => {
    const crossSite = await call(t.app, 'PUT', '/me/account', {
      token,
      body: { first_name: 'Eve' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(errorsOf(crossSite)[0]).toMatchObject({ code: 'csrf_origin' });

    const foreign = await call(t.app, 'PUT', '/me/account', {
      token,
      body: { first_name: 'Eve' },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);

    const sameOrigin = await call(t.app, 'PUT', '/me/account', {
      token,
      body: { first_name: 'Ann' },
      headers: { origin: 'http://gatehouse.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('tells a client older than the minimum version to update', async () => {
    const response = await call(t.app, 'GET', '/me/account', {
      token,
      headers: { 'x-app-version': '1.20.9' },
    });
    expect(response.statusCode).toBe(426);
    expect(errorsOf(response)[0]).toMatchObject({ code: 'app_version_unsupported' });
    const current = await call(t.app, 'GET', '/me/account', {
      token,
      headers: { 'x-app-version': '1.21.1' },
    });
    expect(current.statusCode).toBe(200);
  });
});

describe('graceful shutdown', () => {
  it('lets a request in flight finish before the server closes', async () => {
    const own = await createTestApp(
      {},
      {
        extend: (app) => {
          app.get('/api/v4/test/slow', { config: { public: true } }, async () => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            return ok({ finished: true });
          });
        },
      },
    );
    await own.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = own.app.server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/v4/test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = own.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { finished: true } });
    await closing;
    await expect(fetch(`http://127.0.0.1:${port}/health/liveness`)).rejects.toThrow();
  });
});

describe('headers, health and docs', () => {
  it('sets the security headers and a request id', async () => {
    const response = await call(t.app, 'GET', '/health/liveness');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers liveness and readiness at the root and under the API path', async () => {
    for (const url of [
      '/health/liveness',
      '/health/readiness',
      '/api/v4/health/liveness',
      '/api/v4/health/readiness',
    ]) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ data: { status: 'ok' }, errors: [], meta: {} });
    }
  });

  it('publishes an OpenAPI document and the interactive reference', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v4/me/current_session', '/api/v4/me/account']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('serves the web app for deep links, with hashed assets cached', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/buildings/123/doors' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Gatehouse</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});
