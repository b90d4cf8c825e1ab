/**
 * A fake Salto KS: a real HTTP server on 127.0.0.1 that speaks the shapes of the Connect API as the
 * client uses them (identity server token endpoint, sites, IQs, locks with remote unlocking by OTP,
 * site users with PINs, entries with OData `$filter`/`$orderby`/`$top`, `{items, next_page_link}`
 * pages, `{ErrorCode, Message}` errors). It keeps everything in memory and lets tests break it on
 * purpose (an expired token, a 5xx, the 404 of eventual consistency, a slow answer).
 *
 * Test-only (the API tests and the browser tests' global setup start it); nothing in the server
 * imports it. It depends on node built-ins and otplib alone, so the e2e workspace can load it too.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateSecret, verify } from 'otplib';

export interface FakeIq {
  id: string;
  customer_reference: string;
  online: boolean;
}

export interface FakeLock {
  id: string;
  customer_reference: string;
  iq_id: string | null;
  online: boolean;
  locked_state: 'locked' | 'unlocked';
  battery_level: 'normal' | 'low' | 'critical' | null;
  /** Base32 TOTP secret: a remote unlock must carry the current code made from it. */
  otp_secret: string;
}

export interface FakeUser {
  id: string;
  first_name: string;
  last_name: string;
  customer_reference: string | null;
  pin: string | null;
}

export interface FakeEntry {
  id: string;
  date: string;
  lock_id: string;
  user: { id: string; first_name: string; last_name: string } | null;
  open_type: string;
  success: boolean;
}

export interface FakeSite {
  id: string;
  customer_reference: string;
  iqs: FakeIq[];
  locks: FakeLock[];
  users: FakeUser[];
  entries: FakeEntry[];
}

export interface FakeUnlock {
  siteId: string;
  lockId: string;
  otp: string;
  accepted: boolean;
  at: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeSaltoKsState {
  clientId: string;
  clientSecret: string;
  sites: FakeSite[];
  /** Issued access tokens and when each expires (ms since the epoch). */
  tokens: Map<string, number>;
  tokenRequests: number;
  tokenLifetimeSeconds: number;
  requests: FakeRequest[];
  unlocks: FakeUnlock[];
  /** Items per list page (`$top` asks for fewer). */
  pageSize: number;
  /** Ways to break the next calls on purpose. */
  inject: {
    /** The next API calls answer 5xx (this status) while above 0. */
    serverErrors: number;
    serverErrorStatus: number;
    /** The next API calls answer 404, as right after provisioning, while above 0. */
    notFound: number;
    /** Every reply (the token endpoint's too) waits this long. */
    delayMs: number;
    /** Every unlock answers "Otp is invalid", whatever its code. */
    rejectOtp: boolean;
    /** A user just made answers 404 to this many calls about it (eventual consistency). */
    newUsersHiddenFor: number;
  };
  /** Forgets every issued token, so the next API call answers 401 once the client still has one. */
  expireTokens(): void;
  addSite(values?: Partial<Omit<FakeSite, 'iqs' | 'locks' | 'users' | 'entries'>>): FakeSite;
  addIq(site: FakeSite, values?: Partial<FakeIq>): FakeIq;
  addLock(site: FakeSite, values?: Partial<FakeLock>): FakeLock;
  addEntry(site: FakeSite, values: Partial<FakeEntry> & { lock_id: string }): FakeEntry;
  site(id: string): FakeSite | undefined;
}

export interface FakeSaltoKs {
  /** The base URL of both the identity server and the API. */
  url: string;
  state: FakeSaltoKsState;
  /** The environment a Gatehouse server needs to use this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

function createState(): FakeSaltoKsState {
  const state: FakeSaltoKsState = {
    clientId: 'gatehouse-test-client',
    clientSecret: 'gatehouse-test-secret',
    sites: [],
    tokens: new Map(),
    tokenRequests: 0,
    tokenLifetimeSeconds: 3600,
    requests: [],
    unlocks: [],
    pageSize: 50,
    inject: {
      serverErrors: 0,
      serverErrorStatus: 503,
      notFound: 0,
      delayMs: 0,
      rejectOtp: false,
      newUsersHiddenFor: 0,
    },
    expireTokens() {
      state.tokens.clear();
    },
    addSite(values = {}) {
      const site: FakeSite = {
        id: randomUUID(),
        customer_reference: `Site ${state.sites.length + 1}`,
        ...values,
        iqs: [],
        locks: [],
        users: [],
        entries: [],
      };
      state.sites.push(site);
      return site;
    },
    addIq(site, values = {}) {
      const iq: FakeIq = {
        id: randomUUID(),
        customer_reference: `IQ ${site.iqs.length + 1}`,
        online: true,
        ...values,
      };
      site.iqs.push(iq);
      return iq;
    },
    addLock(site, values = {}) {
      const lock: FakeLock = {
        id: randomUUID(),
        customer_reference: `Lock ${site.locks.length + 1}`,
        iq_id: site.iqs[0]?.id ?? null,
        online: true,
        locked_state: 'locked',
        battery_level: 'normal',
        otp_secret: generateSecret(),
        ...values,
      };
      site.locks.push(lock);
      return lock;
    },
    addEntry(site, values) {
      const entry: FakeEntry = {
        id: randomUUID(),
        date: new Date().toISOString(),
        user: null,
        open_type: 'key',
        success: true,
        ...values,
      };
      site.entries.push(entry);
      return entry;
    },
    site(id) {
      return state.sites.find((site) => site.id === id);
    },
  };
  return state;
}

/** A site with an IQ and two locks, for the browser tests and for trying the dashboard by hand. */
export function seedDemoSite(state: FakeSaltoKsState): FakeSite {
  const site = state.addSite({ customer_reference: 'Gatehouse HQ' });
  state.addIq(site, { customer_reference: 'Lobby IQ' });
  state.addLock(site, { customer_reference: 'Front door' });
  state.addLock(site, { customer_reference: 'Bike shed', battery_level: 'low' });
  state.addSite({ customer_reference: 'Harbour offices' });
  return site;
}

function lockView({ otp_secret: _secret, ...lock }: FakeLock) {
  return lock;
}

function userView({ pin: _pin, ...user }: FakeUser) {
  return user;
}

export async function startFakeSaltoKs(
  options: { seedDemo?: boolean; port?: number } = {},
): Promise<FakeSaltoKs> {
  const state = createState();
  if (options.seedDemo) seedDemoSite(state);
  let baseUrl = '';
  const hiddenUsers = new Map<string, number>();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    const path = url.pathname;
    if (state.inject.delayMs > 0) {
      let gone = false;
      response.once('close', () => {
        gone = true;
      });
      await new Promise((resolve) => setTimeout(resolve, state.inject.delayMs));
      // A client that gave up must not use up what a later test injected.
      if (gone) return;
    }

    // Test control (the browser tests run in another process than the one that started the fake).
    if (path === '/_fake/state' && request.method === 'GET') {
      return send(response, 200, { sites: state.sites, unlocks: state.unlocks });
    }

    if (path === '/connect/token' && request.method === 'POST') {
      state.tokenRequests += 1;
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'client_credentials') {
        return send(response, 400, { error: 'unsupported_grant_type' });
      }
      if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) {
        return send(response, 400, { error: 'invalid_client' });
      }
      if (!(form.get('scope') ?? '').split(' ').includes('user_api.full_access')) {
        return send(response, 400, { error: 'invalid_scope' });
      }
      const token = randomUUID();
      state.tokens.set(token, Date.now() + state.tokenLifetimeSeconds * 1000);
      return send(response, 200, {
        access_token: token,
        expires_in: state.tokenLifetimeSeconds,
        token_type: 'Bearer',
      });
    }

    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return error(response, 400, 'InvalidRequest', 'The body is not JSON');
      }
    }
    const authorization = request.headers.authorization;
    state.requests.push({
      method: request.method ?? 'GET',
      path: `${path}${url.search}`,
      authorization,
      body,
    });

    const token = authorization?.match(/^Bearer (.+)$/)?.[1];
    const expiresAt = token ? state.tokens.get(token) : undefined;
    if (!expiresAt || expiresAt < Date.now()) return send(response, 401, null);

    if (state.inject.serverErrors > 0) {
      state.inject.serverErrors -= 1;
      return error(response, state.inject.serverErrorStatus, 'InternalError', 'Something went wrong');
    }
    if (state.inject.notFound > 0) {
      state.inject.notFound -= 1;
      return error(response, 404, 'NotFound', 'Entity not found');
    }
    return route(request.method ?? 'GET', path.split('/').filter(Boolean), url, body, response);
  }

  function route(method: string, parts: string[], url: URL, body: unknown, response: ServerResponse) {
    const [version, sites, siteId, kind, itemId, action] = parts;
    if (sites !== 'sites' || (version !== 'v1.2' && version !== 'v1.1')) {
      return error(response, 404, 'NotFound', 'No such endpoint');
    }
    if (!siteId) {
      if (method === 'GET') return page(response, url, state.sites.map(siteView));
      return error(response, 405, 'MethodNotAllowed', 'Method not allowed');
    }
    const site = state.site(siteId);
    if (!site) return error(response, 404, 'SiteNotFound', 'Site not found');

    if (kind === 'iqs' && !itemId && method === 'GET') return page(response, url, site.iqs);

    if (kind === 'locks') {
      if (!itemId && method === 'GET') return page(response, url, site.locks.map(lockView));
      const lock = site.locks.find((candidate) => candidate.id === itemId);
      if (!lock) return error(response, 404, 'LockNotFound', 'Lock not found');
      if (!action && method === 'GET') return send(response, 200, lockView(lock));
      if (action === 'locking' && method === 'PATCH') return unlock(site, lock, body, response);
    }

    if (kind === 'users') {
      if (!itemId && method === 'GET') return page(response, url, site.users.map(userView));
      if (!itemId && method === 'POST') {
        const values = (body ?? {}) as Partial<FakeUser>;
        if (!values.first_name && !values.last_name) {
          return error(response, 422, 'InvalidUser', 'A user needs a name');
        }
        const user: FakeUser = {
          id: randomUUID(),
          first_name: values.first_name ?? '',
          last_name: values.last_name ?? '',
          customer_reference: values.customer_reference ?? null,
          pin: null,
        };
        site.users.push(user);
        if (state.inject.newUsersHiddenFor > 0) hiddenUsers.set(user.id, state.inject.newUsersHiddenFor);
        return send(response, 201, userView(user));
      }
      const user = site.users.find((candidate) => candidate.id === itemId);
      const hidden = user ? (hiddenUsers.get(user.id) ?? 0) : 0;
      if (hidden > 0) hiddenUsers.set(user!.id, hidden - 1);
      if (!user || hidden > 0) return error(response, 404, 'UserNotFound', 'User not found');
      if (action === 'pin' && method === 'PUT') {
        const pin = (body as { pin?: unknown } | null)?.pin;
        if (typeof pin !== 'string' || !/^\d{4,8}$/.test(pin)) {
          return error(response, 422, 'InvalidPin', 'The PIN must be 4 to 8 digits');
        }
        user.pin = pin;
        return send(response, 200, { pin });
      }
    }

    if (kind === 'entries' && !itemId && method === 'GET' && version === 'v1.1') {
      return page(response, url, entriesFor(site, url));
    }
    return error(response, 404, 'NotFound', 'No such endpoint');
  }

  async function unlock(site: FakeSite, lock: FakeLock, body: unknown, response: ServerResponse) {
    const { locked_state: lockedState, otp } = (body ?? {}) as { locked_state?: unknown; otp?: unknown };
    if (lockedState !== 'unlocked')
      return error(response, 422, 'InvalidState', 'locked_state must be unlocked');
    if (!lock.online) return error(response, 409, 'LockOffline', 'Lock is offline');
    const code = typeof otp === 'string' ? otp : '';
    const valid =
      !state.inject.rejectOtp &&
      /^\d{6}$/.test(code) &&
      (
        await verify({ secret: lock.otp_secret, token: code, epochTolerance: 30 }).catch(() => ({
          valid: false,
        }))
      ).valid;
    state.unlocks.push({
      siteId: site.id,
      lockId: lock.id,
      otp: code,
      accepted: valid,
      at: new Date().toISOString(),
    });
    if (!valid) return error(response, 400, 'InvalidOtp', 'Otp is invalid');
    lock.locked_state = 'unlocked';
    state.addEntry(site, { lock_id: lock.id, open_type: 'api' });
    return send(response, 200, lockView(lock));
  }

  function page(response: ServerResponse, url: URL, items: unknown[]) {
    const top = Number(url.searchParams.get('$top') ?? state.pageSize);
    const size = Math.max(1, Math.min(state.pageSize, Number.isFinite(top) ? top : state.pageSize));
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    const slice = items.slice(skip, skip + size);
    let next: string | null = null;
    if (skip + size < items.length) {
      const nextUrl = new URL(`${url.pathname}${url.search}`, baseUrl);
      nextUrl.searchParams.set('$skip', String(skip + size));
      next = nextUrl.toString();
    }
    return send(response, 200, { items: slice, next_page_link: next, count: items.length });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((failure: Error) => {
      if (!response.headersSent) error(response, 500, 'InternalError', failure.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    state,
    env: {
      SALTOKS_IDENTITY_URL: baseUrl,
      SALTOKS_API_URL: baseUrl,
      SALTOKS_CLIENT_ID: state.clientId,
      SALTOKS_CLIENT_SECRET: state.clientSecret,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function siteView(site: FakeSite) {
  return { id: site.id, customer_reference: site.customer_reference };
}

/** OData as the client sends it: `$filter=date ge|gt <ISO>`, `$orderby=date asc|desc`. */
function entriesFor(site: FakeSite, url: URL): FakeEntry[] {
  let entries = [...site.entries];
  const filter = url.searchParams.get('$filter');
  if (filter) {
    const match = filter.match(/^date (ge|gt) (\S+)$/);
    if (!match) return entries.filter(() => false);
    const since = Date.parse(match[2]!);
    entries = entries.filter((entry) =>
      match[1] === 'ge' ? Date.parse(entry.date) >= since : Date.parse(entry.date) > since,
    );
  }
  const descending = url.searchParams.get('$orderby') === 'date desc';
  entries.sort((a, b) => (Date.parse(a.date) - Date.parse(b.date)) * (descending ? -1 : 1));
  return entries;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body === null ? '' : JSON.stringify(body));
}

function error(response: ServerResponse, status: number, code: string, message: string) {
  send(response, status, { ErrorCode: code, Message: message });
}
