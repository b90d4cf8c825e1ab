import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, errorsOf, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, type Roles } from '../../../test/fixtures.js';
import {
  appCall,
  authorizeApp,
  codeOf,
  consent,
  formPost,
  pkce,
  redirectUri,
  registerClient,
} from './testing/oauth2-client.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

const newClient = {
  name: 'Door widget',
  description: 'Opens the front door from your home screen',
  redirect_uris: ['https://widget.example.com/oauth/callback', 'http://localhost:3000/cb'],
  allowed_scopes: ['doors:read', 'doors:open'],
  confidential: true,
};

describe('managing apps (superadmin only)', () => {
  it('lets a superadmin register, list, change, rotate and remove an app; the secret is shown once', async () => {
    const token = r.tokens.superadmin;
    const created = await call(t.app, 'POST', '/oauth2_clients', { token, body: newClient });
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      name: 'Door widget',
      description: newClient.description,
      redirect_uris: newClient.redirect_uris,
      allowed_scopes: ['doors:read', 'doors:open'],
      confidential: true,
    });
    expect(data.client_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    // Never again: not in the list, not in the app, not after a change.
    const list = await call(t.app, 'GET', '/oauth2_clients', { token });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(data.client_secret);
    expect(list.body).not.toContain('secret');
    const one = await call(t.app, 'GET', `/oauth2_clients/${data.id}`, { token });
    expect(Object.keys(one.json().data).sort()).toEqual(
      ['allowed_scopes', 'confidential', 'description', 'id', 'inserted_at', 'name', 'redirect_uris'].sort(),
    );
    const changed = await call(t.app, 'PUT', `/oauth2_clients/${data.id}`, {
      token,
      body: { name: 'Door widget 2', allowed_scopes: ['doors:read'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Door widget 2', allowed_scopes: ['doors:read'] });
    expect(changed.body).not.toContain('secret');

    // A new secret: the old one stops working.
    const client = { id: data.id, secret: data.client_secret as string, name: 'Door widget 2' };
    const rotated = await call(t.app, 'POST', `/oauth2_clients/${data.id}/secret`, { token });
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().data.client_secret;
    expect(newSecret).not.toBe(data.client_secret);
    const exchange = async (secret: string) => {
      const { verifier, challenge } = pkce();
      const code = codeOf(
        await consent(t.app, r.tokens.member, client.id, {
          scope: 'doors:read',
          challenge,
          redirect_uri: 'http://localhost:3000/cb',
        }),
      );
      return formPost(
        t.app,
        '/oauth2/token',
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'http://localhost:3000/cb',
          code_verifier: verifier,
        },
        { id: client.id, secret },
      );
    };
    expect((await exchange(data.client_secret)).json().error).toBe('invalid_client');
    const good = await exchange(newSecret);
    expect(good.statusCode).toBe(200);
    const appToken = good.json().access_token;
    expect((await appCall(t.app, 'GET', '/me/doors', appToken)).statusCode).toBe(200);

    // Removing the app ends what users gave it.
    const removed = await call(t.app, 'DELETE', `/oauth2_clients/${data.id}`, { token });
    expect(removed.statusCode).toBe(200);
    expect((await appCall(t.app, 'GET', '/me/doors', appToken)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/oauth2_clients/${data.id}`, { token })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/oauth2_clients/${data.id}`, { token })).statusCode).toBe(404);
  });

  it('gives a public app no secret, and refuses to rotate one', async () => {
    const token = r.tokens.superadmin;
    const created = await call(t.app, 'POST', '/oauth2_clients', {
      token,
      body: { ...newClient, confidential: false },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ confidential: false, client_secret: null });
    const rotate = await call(t.app, 'POST', `/oauth2_clients/${created.json().data.id}/secret`, { token });
    expect(rotate.statusCode).toBe(409);
  });

  it('takes scopes removed from an app away from the grants users gave it', async () => {
    const client = await registerClient(t.app, r.tokens.superadmin, {
      allowed_scopes: ['doors:read', 'account:read'],
    });
    const tokens = await authorizeApp(t.app, r.tokens.member, client, { scope: 'doors:read account:read' });
    expect((await appCall(t.app, 'GET', '/me/account', tokens.access_token)).statusCode).toBe(200);
    await call(t.app, 'PUT', `/oauth2_clients/${client.id}`, {
      token: r.tokens.superadmin,
      body: { allowed_scopes: ['doors:read'] },
    });
    expect((await appCall(t.app, 'GET', '/me/account', tokens.access_token)).statusCode).toBe(403);
    expect((await appCall(t.app, 'GET', '/me/doors', tokens.access_token)).statusCode).toBe(200);
    const grants = (await call(t.app, 'GET', '/me/oauth2_authorizations', { token: r.tokens.member })).json()
      .data;
    expect(grants.find((g: { client: { id: string } }) => g.client.id === client.id).scopes).toEqual([
      'doors:read',
    ]);
  });

  it('refuses every other role, and those signed out', async () => {
    const target = await registerClient(t.app, r.tokens.superadmin);
    const attempts: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/oauth2_clients'],
      ['POST', '/oauth2_clients', newClient],
      ['PUT', `/oauth2_clients/${target.id}`, { name: 'Taken over' }],
      ['POST', `/oauth2_clients/${target.id}/secret`],
      ['DELETE', `/oauth2_clients/${target.id}`],
    ];
    const roles = ['manager', 'otherManager', 'unitManager', 'inviteMember', 'member', 'stranger'] as const;
    for (const [method, url, body] of attempts) {
      for (const role of roles) {
        const response = await call(t.app, method, url, { token: r.tokens[role], body });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect((await call(t.app, method, url, { body })).statusCode, `signed out ${method} ${url}`).toBe(401);
    }
    const still = await call(t.app, 'GET', `/oauth2_clients/${target.id}`, { token: r.tokens.superadmin });
    expect(still.json().data.name).toBe(target.name);
  });

  it('checks what an app registers', async () => {
    const token = r.tokens.superadmin;
    const cases: [body: Record<string, unknown>, field: string][] = [
      [{ ...newClient, redirect_uris: ['http://widget.example.com/cb'] }, 'redirect_uris.0'],
      [{ ...newClient, redirect_uris: ['https://widget.example.com/cb#frag'] }, 'redirect_uris.0'],
      [{ ...newClient, redirect_uris: ['/relative'] }, 'redirect_uris.0'],
      [{ ...newClient, redirect_uris: [] }, 'redirect_uris'],
      [{ ...newClient, allowed_scopes: ['doors:read', 'everything'] }, 'allowed_scopes.1'],
      [{ ...newClient, name: '' }, 'name'],
      [{ ...newClient, client_secret: 'mine' }, 'client_secret'],
    ];
    for (const [body, field] of cases) {
      const response = await call(t.app, 'POST', '/oauth2_clients', { token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(response).map((e) => e.field)).toContain(field);
    }
  });
});

describe('GET /oauth2_clients/{id} (the consent page)', () => {
  it('shows any signed-in user the app, never its secret', async () => {
    const client = await registerClient(t.app, r.tokens.superadmin, { confidential: true });
    for (const role of ['member', 'stranger', 'manager'] as const) {
      const response = await call(t.app, 'GET', `/oauth2_clients/${client.id}`, { token: r.tokens[role] });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        id: client.id,
        name: client.name,
        redirect_uris: [redirectUri],
        confidential: true,
      });
      expect(response.body).not.toContain(client.secret!);
      expect(response.body).not.toContain('secret');
    }
    expect((await call(t.app, 'GET', `/oauth2_clients/${client.id}`)).statusCode).toBe(401);
    const unknown = await call(t.app, 'GET', '/oauth2_clients/01900000-0000-7000-8000-000000000000', {
      token: r.tokens.member,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
