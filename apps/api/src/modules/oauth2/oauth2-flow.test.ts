import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, errorsOf, signIn, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, type Roles } from '../../../test/fixtures.js';
import { openPostgres } from '../../db/client.js';
import { oauth2Authorizations } from '../../db/schema.js';
import {
  appCall,
  authorizeApp,
  codeOf,
  consent,
  exchangeCode,
  formPost,
  pkce,
  redirectUri,
  refresh,
  registerClient,
  type TestClient,
} from './testing/oauth2-client.js';

let t: TestApp;
let r: Roles;
let publicClient: TestClient;
let confidentialClient: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
  publicClient = await registerClient(t.app, r.tokens.superadmin);
  confidentialClient = await registerClient(t.app, r.tokens.superadmin, { confidential: true });
});
afterAll(() => t.close());

const me = (accessToken: string) => appCall(t.app, 'GET', '/me/account', accessToken);

describe('GET /token_scopes', () => {
  it('lists every scope with a description, without signing in', async () => {
    const response = await call(t.app, 'GET', '/token_scopes');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { scope: 'account:read', description: 'Your name, email and language' },
      { scope: 'doors:read', description: 'The doors you may open' },
      { scope: 'doors:open', description: 'Open the doors you may open' },
      { scope: 'buildings:read', description: 'Buildings and doors you manage or belong to' },
      { scope: 'activity:read', description: 'Door activity and intercom calls of buildings you manage' },
    ]);
  });
});

describe('the authorization code flow with PKCE', () => {
  it('gives a public app tokens for the scopes the user approved', async () => {
    const { verifier, challenge } = pkce();
    const approved = await consent(t.app, r.tokens.member, publicClient.id, {
      scope: 'account:read doors:read',
      challenge,
      state: 'xyz 123',
    });
    expect(approved.statusCode).toBe(200);
    const redirect = new URL(approved.json().data.redirect_to);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(redirectUri);
    expect(redirect.searchParams.get('state')).toBe('xyz 123');

    const exchanged = await exchangeCode(t.app, publicClient, codeOf(approved), verifier);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.headers['cache-control']).toBe('no-store');
    const tokens = exchanged.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'account:read doors:read' });
    expect(tokens.expires_in).toBeGreaterThan(3000);
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const account = await me(tokens.access_token);
    expect(account.statusCode).toBe(200);
    expect(account.json().data.account.email).toBe(r.people.member.email);
  });

  it('makes a confidential app authenticate, by HTTP Basic or in the body', async () => {
    const scope = 'account:read';
    const client = confidentialClient;
    const tryExchange = async (auth: 'none' | 'basic' | 'post' | 'wrong') => {
      const { verifier, challenge } = pkce();
      const code = codeOf(await consent(t.app, r.tokens.member, client.id, { scope, challenge }));
      const form = {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: client.id,
        code_verifier: verifier,
      };
      if (auth === 'basic')
        return formPost(t.app, '/oauth2/token', form, { id: client.id, secret: client.secret! });
      if (auth === 'post')
        return formPost(t.app, '/oauth2/token', { ...form, client_secret: client.secret! });
      if (auth === 'wrong') return formPost(t.app, '/oauth2/token', form, { id: client.id, secret: 'nope' });
      return formPost(t.app, '/oauth2/token', form);
    };
    const none = await tryExchange('none');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('invalid_client');
    const wrong = await tryExchange('wrong');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    expect((await tryExchange('basic')).statusCode).toBe(200);
    expect((await tryExchange('post')).statusCode).toBe(200);
  });

  it('refuses a wrong code verifier, and the code is spent', async () => {
    const { verifier, challenge } = pkce();
    const code = codeOf(
      await consent(t.app, r.tokens.member, publicClient.id, { scope: 'account:read', challenge }),
    );
    const wrong = await exchangeCode(t.app, publicClient, code, pkce().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect(wrong.json().error_description).toMatch(/verifier/);
    const retried = await exchangeCode(t.app, publicClient, code, verifier);
    expect(retried.statusCode).toBe(400);
    expect(retried.json().error).toBe('invalid_grant');
  });

  it('refuses an exchange without a verifier', async () => {
    const { challenge } = pkce();
    const code = codeOf(
      await consent(t.app, r.tokens.member, publicClient.id, { scope: 'account:read', challenge }),
    );
    const response = await formPost(t.app, '/oauth2/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: publicClient.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('refuses a code used twice, and ends the tokens it gave (RFC 6749 4.1.2)', async () => {
    const { verifier, challenge } = pkce();
    const code = codeOf(
      await consent(t.app, r.tokens.member, publicClient.id, { scope: 'account:read', challenge }),
    );
    const first = await exchangeCode(t.app, publicClient, code, verifier);
    expect(first.statusCode).toBe(200);
    const { access_token, refresh_token } = first.json();
    expect((await me(access_token)).statusCode).toBe(200);

    const second = await exchangeCode(t.app, publicClient, code, verifier);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('invalid_grant');
    const after = await me(access_token);
    expect(after.statusCode).toBe(401);
    expect((await refresh(t.app, publicClient, refresh_token)).json().error).toBe('invalid_grant');
  });

  it('refuses a redirect URI other than the one the code was issued for', async () => {
    const { verifier, challenge } = pkce();
    const client = await registerClient(t.app, r.tokens.superadmin, {
      redirect_uris: [redirectUri, 'http://127.0.0.1:8765/cb'],
    });
    const code = codeOf(
      await consent(t.app, r.tokens.member, client.id, { scope: 'account:read', challenge }),
    );
    const response = await formPost(t.app, '/oauth2/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:8765/cb',
      client_id: client.id,
      code_verifier: verifier,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
  });

  it('refuses a code issued to another app', async () => {
    const { verifier, challenge } = pkce();
    const other = await registerClient(t.app, r.tokens.superadmin);
    const code = codeOf(
      await consent(t.app, r.tokens.member, publicClient.id, { scope: 'account:read', challenge }),
    );
    const response = await exchangeCode(t.app, other, code, verifier);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('answers unknown grant types and bodies that are not forms in the RFC shape', async () => {
    const password = await formPost(
      t.app,
      '/oauth2/token',
      { grant_type: 'password', username: 'a', password: 'b' },
      { id: confidentialClient.id, secret: confidentialClient.secret! },
    );
    expect(password.statusCode).toBe(400);
    expect(password.json().error).toBe('unauthorized_client');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v4/oauth2/token',
      payload: { grant_type: 'refresh_token', refresh_token: 'x', client_id: publicClient.id },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');
  });
});

describe('POST /oauth2/authorize (the consent page)', () => {
  it('never redirects to an unregistered redirect URI or for an unknown app', async () => {
    const { challenge } = pkce();
    const elsewhere = await consent(t.app, r.tokens.member, publicClient.id, {
      scope: 'account:read',
      challenge,
      redirect_uri: 'https://app.example.com/callback/other',
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(errorsOf(elsewhere)[0]).toMatchObject({ field: 'redirect_uri' });
    // Matching is exact: not even a query string may be added.
    const withQuery = await consent(t.app, r.tokens.member, publicClient.id, {
      scope: 'account:read',
      challenge,
      redirect_uri: `${redirectUri}?next=1`,
    });
    expect(withQuery.statusCode).toBe(422);

    const unknown = await consent(t.app, r.tokens.member, '01900000-0000-7000-8000-000000000000', {
      scope: 'account:read',
      challenge,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorsOf(unknown)[0]).toMatchObject({ field: 'client_id' });
  });

  it('requires PKCE with S256', async () => {
    const plain = await consent(t.app, r.tokens.member, publicClient.id, {
      scope: 'account:read',
      challenge: pkce().challenge,
      method: 'plain',
    });
    expect(plain.statusCode).toBe(422);
    expect(errorsOf(plain)[0]).toMatchObject({ field: 'code_challenge_method' });
    const missing = await consent(t.app, r.tokens.member, publicClient.id, { scope: 'account:read' });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)[0]).toMatchObject({ field: 'code_challenge' });
  });

  it('refuses unknown scopes and scopes the app may not ask for', async () => {
    const narrow = await registerClient(t.app, r.tokens.superadmin, { allowed_scopes: ['doors:read'] });
    const { challenge } = pkce();
    const notAllowed = await consent(t.app, r.tokens.member, narrow.id, {
      scope: 'doors:read doors:open',
      challenge,
    });
    expect(notAllowed.statusCode).toBe(422);
    expect(errorsOf(notAllowed)[0]).toMatchObject({ field: 'scope' });
    const unknown = await consent(t.app, r.tokens.member, narrow.id, {
      scope: 'doors:read admin',
      challenge,
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)[0]).toMatchObject({ field: 'scope' });
  });

  it('sends the browser back with access_denied when the user says no, and grants nothing', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const denied = await consent(t.app, access, publicClient.id, {
      scope: 'account:read',
      challenge: pkce().challenge,
      state: 's1',
      approve: false,
    });
    expect(denied.statusCode).toBe(200);
    const redirect = new URL(denied.json().data.redirect_to);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(redirectUri);
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('s1');
    expect(redirect.searchParams.get('code')).toBeNull();
    const grants = await call(t.app, 'GET', '/me/oauth2_authorizations', { token: access });
    expect(grants.json().data).toEqual([]);
  });

  it('needs a signed-in user and the CSRF header', async () => {
    const body = {
      client_id: publicClient.id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'account:read',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      approve: true,
    };
    expect((await call(t.app, 'POST', '/oauth2/authorize', { body })).statusCode).toBe(401);
    const noCsrf = await call(t.app, 'POST', '/oauth2/authorize', {
      body,
      token: r.tokens.member,
      withoutCsrf: true,
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('replaces the user’s earlier grant to the same app when approved again', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const first = await authorizeApp(t.app, access, publicClient, { scope: 'account:read' });
    const second = await authorizeApp(t.app, access, publicClient, { scope: 'account:read doors:read' });
    expect((await me(first.access_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(200);
    const grants = (await call(t.app, 'GET', '/me/oauth2_authorizations', { token: access })).json().data;
    expect(grants).toHaveLength(1);
    expect(grants[0].scopes).toEqual(['account:read', 'doors:read']);
  });
});

describe('approving twice at once', () => {
  it('leaves one live grant, the later one', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const both = await Promise.all(
      [1, 2].map(() =>
        consent(t.app, access, publicClient.id, { scope: 'account:read', challenge: pkce().challenge }),
      ),
    );
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    const grants = (await call(t.app, 'GET', '/me/oauth2_authorizations', { token: access })).json().data;
    expect(grants).toHaveLength(1);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a used one ends the whole grant', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.member, publicClient, { scope: 'account:read' });
    const first = await refresh(t.app, publicClient, tokens.refresh_token);
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(rotated.scope).toBe('account:read');
    expect((await me(rotated.access_token)).statusCode).toBe(200);

    const second = await refresh(t.app, publicClient, rotated.refresh_token);
    expect(second.statusCode).toBe(200);
    const latest = second.json();

    // The first refresh token again: someone replays it. Everything of this grant ends.
    const replay = await refresh(t.app, publicClient, tokens.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await me(latest.access_token)).statusCode).toBe(401);
    expect((await refresh(t.app, publicClient, latest.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('belong to the app they were issued to', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.member, confidentialClient, { scope: 'account:read' });
    const stolen = await refresh(t.app, publicClient, tokens.refresh_token);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe('invalid_grant');
    // A confidential app must authenticate to refresh as well.
    const unauthenticated = await formPost(t.app, '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: confidentialClient.id,
    });
    expect(unauthenticated.json().error).toBe('invalid_client');
  });
});

describe('revocation', () => {
  it('DELETE /me/oauth2_authorizations/{id} ends the app’s tokens at once', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const tokens = await authorizeApp(t.app, access, publicClient, { scope: 'account:read' });
    expect((await me(tokens.access_token)).statusCode).toBe(200); // now cached

    const list = await call(t.app, 'GET', '/me/oauth2_authorizations', { token: access });
    expect(list.statusCode).toBe(200);
    const [grant] = list.json().data;
    expect(grant).toMatchObject({
      client: { id: publicClient.id, name: publicClient.name, description: 'A test app' },
      scopes: ['account:read'],
      building: null,
      door: null,
    });
    expect(grant.last_used_at).not.toBeNull();
    const one = await call(t.app, 'GET', `/me/oauth2_authorizations/${grant.id}`, { token: access });
    expect(one.json().data).toEqual(grant);

    // Someone else's grant is not found, neither to read nor to revoke.
    const other = { token: r.tokens.member };
    expect((await call(t.app, 'GET', `/me/oauth2_authorizations/${grant.id}`, other)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/me/oauth2_authorizations/${grant.id}`, other)).statusCode).toBe(
      404,
    );
    expect((await me(tokens.access_token)).statusCode).toBe(200);

    const revoked = await call(t.app, 'DELETE', `/me/oauth2_authorizations/${grant.id}`, { token: access });
    expect(revoked.statusCode).toBe(200);
    const after = await me(tokens.access_token);
    expect(after.statusCode).toBe(401);
    expect(errorsOf(after)[0]!.code).toBe('token_invalid');
    expect((await refresh(t.app, publicClient, tokens.refresh_token)).json().error).toBe('invalid_grant');
    expect((await call(t.app, 'GET', '/me/oauth2_authorizations', { token: access })).json().data).toEqual(
      [],
    );
    expect(
      (await call(t.app, 'GET', `/me/oauth2_authorizations/${grant.id}`, { token: access })).statusCode,
    ).toBe(404);
  });

  it('POST /oauth2/revoke (RFC 7009) with a refresh token ends the grant', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.member, publicClient, { scope: 'account:read' });
    const response = await formPost(t.app, '/oauth2/revoke', {
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: publicClient.id,
    });
    expect(response.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(t.app, publicClient, tokens.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('POST /oauth2/revoke with an access token ends the grant too', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.member, confidentialClient, { scope: 'account:read' });
    const response = await formPost(
      t.app,
      '/oauth2/revoke',
      { token: tokens.access_token },
      { id: confidentialClient.id, secret: confidentialClient.secret! },
    );
    expect(response.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });

  it('POST /oauth2/revoke needs the app’s credentials and ignores tokens that are not the app’s', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.member, confidentialClient, { scope: 'account:read' });
    const unauthenticated = await formPost(t.app, '/oauth2/revoke', {
      token: tokens.refresh_token,
      client_id: confidentialClient.id,
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().error).toBe('invalid_client');
    // Another app may not end this app's grant; it is told nothing either way.
    const foreign = await formPost(t.app, '/oauth2/revoke', {
      token: tokens.refresh_token,
      client_id: publicClient.id,
    });
    expect(foreign.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    const unknown = await formPost(t.app, '/oauth2/revoke', {
      token: 'not-a-token',
      client_id: publicClient.id,
    });
    expect(unknown.statusCode).toBe(200);
    const missing = await formPost(t.app, '/oauth2/revoke', { client_id: publicClient.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
  });
});

describe('access tokens', () => {
  it('are refused when tampered with or when they are the user’s own kind', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.member, publicClient, { scope: 'account:read' });
    const [header, payload, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, scope: 'account:read doors:open' })).toString(
      'base64url',
    );
    expect((await me(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
    // An app token never works where the refresh endpoint expects the user's refresh token.
    const asRefresh = await t.app.inject({
      method: 'POST',
      url: '/api/v4/me/current_session/refresh',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'x-csrf-token': '1' },
    });
    expect(asRefresh.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('revocation elsewhere (another process, plain SQL) reaches the cache through the database', () => {
  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 50; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the change never showed');
  }

  it('refuses a cached app token once its grant is revoked in the database', async () => {
    const tokens = await authorizeApp(t.app, r.tokens.inviteMember, publicClient, { scope: 'account:read' });
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    await t.ctx.db
      .update(oauth2Authorizations)
      .set({ revokedAt: new Date() })
      .where(eq(oauth2Authorizations.userId, r.people.inviteMember.id));
    await eventually(async () => (await me(tokens.access_token)).statusCode === 401);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'refuses at once on a second server process when the user revokes on the first (PostgreSQL)',
    async () => {
      const second = await createTestApp(
        {},
        { database: await openPostgres({ url: t.databaseUrl!, poolMax: 2, connectTimeoutMs: 5000 }) },
      );
      try {
        const tokens = await authorizeApp(t.app, r.tokens.unitManager, publicClient, {
          scope: 'account:read',
        });
        const onSecond = () => appCall(second.app, 'GET', '/me/account', tokens.access_token);
        expect((await onSecond()).statusCode).toBe(200); // cached there now
        const [grant] = (
          await call(t.app, 'GET', '/me/oauth2_authorizations', { token: r.tokens.unitManager })
        ).json().data;
        await call(t.app, 'DELETE', `/me/oauth2_authorizations/${grant.id}`, { token: r.tokens.unitManager });
        await eventually(async () => (await onSecond()).statusCode === 401);
      } finally {
        await second.app.close();
        await second.ctx.close();
        await second.ctx.database.close();
      }
    },
  );
});
