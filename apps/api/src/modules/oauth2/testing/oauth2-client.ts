import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { call } from '../../../../test/app.js';

/*
 * What a third-party app does, for the tests: PKCE, the consent page's call, and the form posts to
 * the token and revocation endpoints, all through HTTP.
 */

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export const redirectUri = 'https://app.example.com/callback';

export interface TestClient {
  id: string;
  secret: string | null;
  name: string;
}

export async function registerClient(
  app: FastifyInstance,
  superadminToken: string,
  values: { confidential?: boolean; allowed_scopes?: string[]; redirect_uris?: string[]; name?: string } = {},
): Promise<TestClient> {
  const name = values.name ?? `App ${randomBytes(3).toString('hex')}`;
  const response = await call(app, 'POST', '/oauth2_clients', {
    token: superadminToken,
    body: {
      name,
      description: 'A test app',
      redirect_uris: values.redirect_uris ?? [redirectUri],
      allowed_scopes: values.allowed_scopes ?? [
        'account:read',
        'doors:read',
        'doors:open',
        'buildings:read',
        'activity:read',
      ],
      confidential: values.confidential ?? false,
    },
  });
  if (response.statusCode !== 201) throw new Error(`client not created: ${response.body}`);
  const data = response.json().data;
  return { id: data.id, secret: data.client_secret, name };
}

export interface ConsentOptions {
  scope: string;
  challenge?: string;
  method?: string;
  state?: string;
  approve?: boolean;
  redirect_uri?: string;
  building_id?: string;
  door_id?: string;
}

/** The consent page's call; the reply says where the browser goes. */
export function consent(
  app: FastifyInstance,
  userToken: string,
  clientId: string,
  options: ConsentOptions,
): Promise<LightMyRequestResponse> {
  const body: Record<string, unknown> = {
    client_id: clientId,
    redirect_uri: options.redirect_uri ?? redirectUri,
    response_type: 'code',
    scope: options.scope,
    code_challenge: options.challenge,
    code_challenge_method: options.method ?? 'S256',
    approve: options.approve ?? true,
  };
  if (options.state !== undefined) body.state = options.state;
  if (options.building_id) body.building_id = options.building_id;
  if (options.door_id) body.door_id = options.door_id;
  return call(app, 'POST', '/oauth2/authorize', { token: userToken, body });
}

export function codeOf(response: LightMyRequestResponse): string {
  if (response.statusCode !== 200) throw new Error(`consent failed: ${response.body}`);
  const url = new URL(response.json().data.redirect_to);
  const code = url.searchParams.get('code');
  if (!code) throw new Error(`no code in ${url}`);
  return code;
}

/** A form post as OAuth libraries send it: no CSRF header, no app version. */
export function formPost(
  app: FastifyInstance,
  path: '/oauth2/token' | '/oauth2/revoke',
  form: Record<string, string>,
  basic?: { id: string; secret: string },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) {
    const encode = (value: string) => encodeURIComponent(value);
    headers.authorization = `Basic ${Buffer.from(`${encode(basic.id)}:${encode(basic.secret)}`).toString('base64')}`;
  }
  return app.inject({
    method: 'POST',
    url: `/api/v4${path}`,
    headers,
    payload: new URLSearchParams(form).toString(),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

export async function exchangeCode(
  app: FastifyInstance,
  client: TestClient,
  code: string,
  verifier: string,
): Promise<LightMyRequestResponse> {
  return formPost(
    app,
    '/oauth2/token',
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.id,
      code_verifier: verifier,
    },
    client.secret ? { id: client.id, secret: client.secret } : undefined,
  );
}

/** The whole dance: consent, then the code for tokens. */
export async function authorizeApp(
  app: FastifyInstance,
  userToken: string,
  client: TestClient,
  options: Omit<ConsentOptions, 'challenge'>,
): Promise<Tokens> {
  const { verifier, challenge } = pkce();
  const code = codeOf(await consent(app, userToken, client.id, { ...options, challenge }));
  const response = await exchangeCode(app, client, code, verifier);
  if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.body}`);
  return response.json();
}

export function refresh(app: FastifyInstance, client: TestClient, refreshToken: string) {
  return formPost(
    app,
    '/oauth2/token',
    { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.id },
    client.secret ? { id: client.id, secret: client.secret } : undefined,
  );
}

/** A call as a third-party app makes it: bearer token only (no CSRF header, no app version). */
export function appCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v4${url}`,
    headers: { ...headers, authorization: `Bearer ${accessToken}` },
  });
}
