import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small third-party app, as a real one would be built: a web server of its own (on 127.0.0.1, a
 * free port) that sends the user to Gatehouse to sign in and consent (authorization code with PKCE),
 * takes the code at its callback, trades it at the token endpoint and then calls the Gatehouse API
 * with the access token. It lives in the test tree only.
 */

export interface Tokens {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

/** What the app's callback saw: tokens after a consent, or the error Gatehouse sent back. */
export type CallbackResult =
  | { kind: 'tokens'; tokens: Tokens }
  | { kind: 'error'; error: string; description: string | null };

export interface ApiCall {
  status: number;
  body: unknown;
  wwwAuthenticate: string | null;
}

interface Pending {
  verifier: string;
  scope: string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function html(title: string, text: string): string {
  const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`;
}

export class OAuthTestApp {
  private server = http.createServer((request, response) => void this.handle(request, response));
  private pending = new Map<string, Pending>();
  private client: { id: string; secret: string | null } | null = null;
  /** Every callback in order; the last one holds the tokens in use. */
  readonly results: CallbackResult[] = [];
  url = '';

  constructor(private readonly gatehouse: string) {}

  get callbackUrl(): string {
    return `${this.url}/callback`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The app's registration at Gatehouse, known once a superadmin has made it. */
  register(clientId: string, clientSecret: string | null): void {
    this.client = { id: clientId, secret: clientSecret };
  }

  /** Where a user starts connecting the app, asking for `scope`. */
  startUrl(scope: string): string {
    return `${this.url}/start?scope=${encodeURIComponent(scope)}`;
  }

  get lastResult(): CallbackResult | undefined {
    return this.results.at(-1);
  }

  /** The access token of the latest successful connection. */
  get accessToken(): string {
    const result = [...this.results].reverse().find((item) => item.kind === 'tokens');
    if (result?.kind !== 'tokens') throw new Error('The app holds no token');
    return result.tokens.access_token;
  }

  /** A call to the Gatehouse API with a bearer token (the latest one unless told), as the app makes it. */
  async api(method: string, path: string, token = this.accessToken): Promise<ApiCall> {
    const response = await fetch(`${this.gatehouse}/api/v4${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      wwwAuthenticate: response.headers.get('www-authenticate'),
    };
  }

  openDoor(buildingId: string, doorId: string, token?: string): Promise<ApiCall> {
    return this.api('POST', `/buildings/${buildingId}/doors/${doorId}/open`, token);
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    try {
      if (url.pathname === '/start') return this.begin(url, response);
      if (url.pathname === '/callback') return await this.callback(url, response);
      response.writeHead(404).end();
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/html' }).end(html('App error', String(error)));
    }
  }

  /** PKCE (RFC 7636, S256) and a fresh state, then off to Gatehouse's consent page. */
  private begin(url: URL, response: http.ServerResponse): void {
    if (!this.client) throw new Error('The app is not registered yet');
    const scope = url.searchParams.get('scope') ?? '';
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash('sha256').update(verifier).digest());
    const state = base64url(randomBytes(16));
    this.pending.set(state, { verifier, scope });
    const authorize = new URL('/oauth2/authorize', this.gatehouse);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.client.id,
      redirect_uri: this.callbackUrl,
      scope,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    response.writeHead(302, { location: authorize.toString() }).end();
  }

  private async callback(url: URL, response: http.ServerResponse): Promise<void> {
    const state = url.searchParams.get('state') ?? '';
    const pending = this.pending.get(state);
    if (!pending) {
      response.writeHead(400, { 'content-type': 'text/html' }).end(html('Unknown state', state));
      return;
    }
    this.pending.delete(state);
    const error = url.searchParams.get('error');
    if (error) {
      this.results.push({ kind: 'error', error, description: url.searchParams.get('error_description') });
      response.writeHead(200, { 'content-type': 'text/html' }).end(html('Not connected', error));
      return;
    }
    const tokens = await this.exchange(url.searchParams.get('code') ?? '', pending.verifier);
    this.results.push({ kind: 'tokens', tokens });
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(html('Connected to Gatehouse', tokens.scope ?? pending.scope));
  }

  /** The token request (RFC 6749 4.1.3): a form body; a confidential app authenticates with HTTP Basic. */
  private async exchange(code: string, verifier: string): Promise<Tokens> {
    const client = this.client!;
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (client.secret) {
      // RFC 6749 2.3.1: id and secret are form-encoded before they are joined.
      const credentials = `${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    const response = await fetch(`${this.gatehouse}/api/v4/oauth2/token`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.callbackUrl,
        client_id: client.id,
        code_verifier: verifier,
      }),
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`Token request failed (${response.status}): ${JSON.stringify(body)}`);
    return body as Tokens;
  }
}
