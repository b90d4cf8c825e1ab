/**
 * A client for the Salto KS Connect API (the lock-system provider), over Node's global `fetch`.
 *
 * - Authentication: OAuth2 client credentials against the identity server (scope
 *   `user_api.full_access`). The token is kept until shortly before it expires and shared by
 *   concurrent calls; a 401 from the API drops it and the call is tried once more with a new one.
 * - Every HTTP exchange has the configured timeout. A 5xx, and a 403 or 404 (Salto KS answers those
 *   for a few seconds after something was provisioned: it is eventually consistent), are retried
 *   with exponential backoff, at most `retries` times. A timeout is not retried: the caller is
 *   already waiting as long as we promised.
 * - Failures are `SaltoKsError`, an AppError (so a route can let it through as is: 502 with the
 *   provider's own message, 503 when the integration is not configured) that also says what kind of
 *   failure it was, for the door driver.
 */
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError, type ErrorCode } from '../../http/errors.js';

export type SaltoKsSettings = Config['saltoks'];

/** What went wrong, in the door driver's words (see DriverErrorKind). */
export type SaltoKsFailure = 'not_configured' | 'offline' | 'timeout' | 'auth' | 'not_found' | 'provider';

export class SaltoKsError extends AppError {
  constructor(
    readonly failure: SaltoKsFailure,
    message: string,
    /** The provider's HTTP status, `ErrorCode` and `Message`, when it answered. */
    readonly provider: { status?: number; errorCode?: string | number; message?: string } = {},
  ) {
    const [code, itemCode] = failureCodes[failure];
    super(code, message, { items: [{ code: itemCode, message }] });
    this.name = 'SaltoKsError';
  }
}

const failureCodes: Record<SaltoKsFailure, [ErrorCode, string]> = {
  not_configured: ['unavailable', 'saltoks_not_configured'],
  offline: ['bad_gateway', 'saltoks_unreachable'],
  timeout: ['bad_gateway', 'saltoks_timeout'],
  auth: ['bad_gateway', 'saltoks_auth_failed'],
  not_found: ['not_found', 'saltoks_not_found'],
  provider: ['bad_gateway', 'saltoks_error'],
};

// ---------------------------------------------------------------------------------------------
// The provider's shapes (only the fields we use; the rest passes unread).

const lockedStateSchema = z.enum(['locked', 'unlocked']).catch('locked');
const batteryLevelSchema = z.enum(['normal', 'low', 'critical']).nullable().catch(null);

export const saltoKsSiteSchema = z.object({
  id: z.string(),
  customer_reference: z.string().nullish(),
});

export const saltoKsIqSchema = z.object({
  id: z.string(),
  customer_reference: z.string().nullish(),
  online: z.boolean().default(false),
});

export const saltoKsLockSchema = z.object({
  id: z.string(),
  customer_reference: z.string().nullish(),
  iq_id: z.string().nullish(),
  online: z.boolean().default(false),
  locked_state: lockedStateSchema.default('locked'),
  battery_level: batteryLevelSchema.default(null),
});

export const saltoKsUserSchema = z.object({
  id: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
});

export const saltoKsEntrySchema = z.object({
  id: z.string(),
  date: z.iso.datetime({ offset: true }),
  lock_id: z.string().nullish(),
  user: saltoKsUserSchema.nullish(),
  /** How the door was opened: key (tag), app, pin, api (a remote opening through this API)… */
  open_type: z.string().nullish(),
  success: z.boolean().default(true),
});

export type SaltoKsSite = z.infer<typeof saltoKsSiteSchema>;
export type SaltoKsIq = z.infer<typeof saltoKsIqSchema>;
export type SaltoKsLock = z.infer<typeof saltoKsLockSchema>;
export type SaltoKsUser = z.infer<typeof saltoKsUserSchema>;
export type SaltoKsEntry = z.infer<typeof saltoKsEntrySchema>;

const tokenReplySchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().default(3600),
  token_type: z.string().optional(),
});

const pageSchema = z.object({
  items: z.array(z.unknown()),
  next_page_link: z.string().nullish(),
});

const errorBodySchema = z.object({
  ErrorCode: z.union([z.string(), z.number()]).optional(),
  Message: z.string(),
});

// ---------------------------------------------------------------------------------------------

/** Seconds before its expiry that a token is no longer used, so it does not expire in flight. */
const TOKEN_MARGIN_SECONDS = 60;
/** A list never follows more pages than this (a provider bug must not loop us forever). */
const MAX_PAGES = 100;

export interface SaltoKsClientOptions {
  /** First backoff delay; each retry waits twice as long as the one before. */
  backoffMs?: number;
  now?: () => number;
}

interface Token {
  value: string;
  /** Milliseconds since the epoch after which the token is not used any more. */
  usableUntil: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

export class SaltoKsClient {
  private token: Token | undefined;
  private tokenRequest: Promise<Token> | undefined;
  private readonly backoffMs: number;
  private readonly now: () => number;

  constructor(
    private readonly settings: SaltoKsSettings,
    options: SaltoKsClientOptions = {},
  ) {
    this.backoffMs = options.backoffMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** Without a client id the integration is off (every call answers `saltoks_not_configured`). */
  get configured(): boolean {
    return Boolean(this.settings.clientId);
  }

  listSites(): Promise<SaltoKsSite[]> {
    return this.list('/v1.2/sites', saltoKsSiteSchema);
  }

  listIqs(siteId: string): Promise<SaltoKsIq[]> {
    return this.list(`/v1.2/sites/${segment(siteId)}/iqs`, saltoKsIqSchema);
  }

  listLocks(siteId: string): Promise<SaltoKsLock[]> {
    return this.list(`/v1.2/sites/${segment(siteId)}/locks`, saltoKsLockSchema);
  }

  async getLock(siteId: string, lockId: string): Promise<SaltoKsLock> {
    const body = await this.send('GET', `/v1.2/sites/${segment(siteId)}/locks/${segment(lockId)}`);
    return parseReply(saltoKsLockSchema, body, 'lock');
  }

  /** Remote opening: the lock unlocks when the one-time password made from its OTP secret is right. */
  async unlock(siteId: string, lockId: string, otp: string): Promise<void> {
    await this.send('PATCH', `/v1.2/sites/${segment(siteId)}/locks/${segment(lockId)}/locking`, {
      locked_state: 'unlocked',
      otp,
    });
  }

  async createUser(
    siteId: string,
    user: { first_name: string; last_name: string; customer_reference?: string },
  ): Promise<SaltoKsUser> {
    const body = await this.send('POST', `/v1.2/sites/${segment(siteId)}/users`, user);
    return parseReply(saltoKsUserSchema, body, 'user');
  }

  async setUserPin(siteId: string, userId: string, pin: string): Promise<void> {
    await this.send('PUT', `/v1.2/sites/${segment(siteId)}/users/${segment(userId)}/pin`, { pin });
  }

  /**
   * Entries (openings and refusals at the locks) at or after `since`, oldest first, at most `limit`
   * (pages of `pageSize`). `ge` rather than `gt`: entries sharing the cursor's instant are not lost
   * across two imports; the importer drops the ones it already has by their id.
   */
  listEntries(siteId: string, since: Date, { limit = 1000, pageSize = 100 } = {}): Promise<SaltoKsEntry[]> {
    const query = new URLSearchParams({
      $filter: `date ge ${since.toISOString()}`,
      $orderby: 'date asc',
      $top: String(pageSize),
    });
    return this.list(`/v1.1/sites/${segment(siteId)}/entries?${query}`, saltoKsEntrySchema, limit);
  }

  // -------------------------------------------------------------------------------------------

  /** Reads every page of a list (`{items, next_page_link}`), staying on the API's own origin. */
  private async list<T extends z.ZodType>(path: string, item: T, limit = Number.POSITIVE_INFINITY) {
    const items: z.output<T>[] = [];
    let next: string | null | undefined = path;
    for (let page = 0; next && page < MAX_PAGES && items.length < limit; page += 1) {
      const body: z.infer<typeof pageSchema> = parseReply(pageSchema, await this.send('GET', next), 'list');
      for (const raw of body.items) items.push(parseReply(item, raw, 'list item'));
      next = body.next_page_link ? this.sameOriginPath(body.next_page_link) : undefined;
    }
    return items.slice(0, limit);
  }

  /** A next-page link, absolute or relative; one to another host would carry our token away. */
  private sameOriginPath(link: string): string {
    const base = new URL(this.settings.apiUrl);
    const url = new URL(link, `${this.settings.apiUrl}/`);
    if (url.origin !== base.origin) {
      throw new SaltoKsError('provider', 'Salto KS sent a next page on another host');
    }
    return `${url.pathname}${url.search}`;
  }

  /** One API call with token, retries and error mapping; resolves with the parsed JSON body (or null). */
  private async send(method: Method, path: string, body?: unknown): Promise<unknown> {
    let token = await this.accessToken();
    let refreshed = false;
    for (let attempt = 0; ; attempt += 1) {
      const response = await this.fetchWithTimeout(`${this.settings.apiUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token.value}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await this.readBody(response);
      if (response.ok) return text ? parseJson(text) : null;

      if (response.status === 401 && !refreshed) {
        // The token expired early or was revoked: one new token, one more try.
        refreshed = true;
        this.forgetToken(token);
        token = await this.accessToken();
        attempt -= 1;
        continue;
      }
      const retryable = response.status >= 500 || response.status === 403 || response.status === 404;
      if (retryable && attempt < this.settings.retries) {
        await sleep(this.backoffMs * 2 ** attempt);
        continue;
      }
      throw providerError(response.status, text);
    }
  }

  private async accessToken(): Promise<Token> {
    const { clientId, clientSecret } = this.settings;
    if (!clientId) {
      throw new SaltoKsError('not_configured', 'The Salto KS integration is not configured on this server');
    }
    if (this.token && this.token.usableUntil > this.now()) return this.token;
    // Concurrent calls wait for the same token request.
    this.tokenRequest ??= this.requestToken(clientId, clientSecret ?? '').finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private forgetToken(token: Token) {
    if (this.token === token) this.token = undefined;
  }

  private async requestToken(clientId: string, clientSecret: string): Promise<Token> {
    const requestedAt = this.now();
    const response = await this.fetchWithTimeout(`${this.settings.identityUrl}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        scope: 'user_api.full_access',
      }).toString(),
    });
    const text = await this.readBody(response);
    if (response.status === 400 || response.status === 401) {
      throw new SaltoKsError('auth', 'Salto KS refused the client credentials', { status: response.status });
    }
    if (!response.ok) throw providerError(response.status, text);
    const reply = parseReply(tokenReplySchema, parseJson(text), 'token');
    const lifetimeSeconds = Math.max(reply.expires_in - TOKEN_MARGIN_SECONDS, reply.expires_in / 2);
    this.token = { value: reply.access_token, usableUntil: requestedAt + lifetimeSeconds * 1000 };
    return this.token;
  }

  private async fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      // The provider has no business redirecting us; following one could carry the token elsewhere.
      return await fetch(url, { ...init, signal, redirect: 'manual' });
    } catch (error) {
      throw this.networkError(error, signal);
    }
  }

  /** Reads the body within the same deadline as the request (a slow body counts as a timeout too). */
  private async readBody(response: Response): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      throw this.networkError(error);
    }
  }

  private networkError(error: unknown, signal?: AbortSignal): SaltoKsError {
    const timedOut =
      signal?.aborted ||
      (error instanceof DOMException && ['TimeoutError', 'AbortError'].includes(error.name));
    if (timedOut) {
      return new SaltoKsError('timeout', `Salto KS did not answer within ${this.settings.timeoutMs} ms`);
    }
    const code = (error as { cause?: { code?: unknown } })?.cause?.code;
    return new SaltoKsError(
      'offline',
      `Salto KS cannot be reached${typeof code === 'string' ? ` (${code})` : ''}`,
    );
  }
}

/** Ids go into paths; one with a slash or a dot-segment must not reach another endpoint. */
function segment(id: string): string {
  return encodeURIComponent(id).replace(/^\.{1,2}$/, (dots) => dots.replaceAll('.', '%2E'));
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SaltoKsError('provider', 'Salto KS answered with something that is not JSON');
  }
}

function parseReply<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SaltoKsError('provider', `Salto KS sent a ${what} we do not understand`);
  return parsed.data;
}

/** `{ErrorCode, Message}` → SaltoKsError with the provider's message. */
function providerError(status: number, text: string): SaltoKsError {
  let body: z.infer<typeof errorBodySchema> | undefined;
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success) body = parsed.data;
  } catch {
    // Not JSON: a proxy's error page, say. The status alone must do.
  }
  const detail = body?.Message ? `: ${body.Message}` : ` (HTTP ${status})`;
  const provider = { status, errorCode: body?.ErrorCode, message: body?.Message };
  if (status === 401) return new SaltoKsError('auth', `Salto KS refused our token${detail}`, provider);
  if (status === 404) return new SaltoKsError('not_found', `Not found in Salto KS${detail}`, provider);
  if (status === 403) return new SaltoKsError('auth', `Salto KS does not allow this${detail}`, provider);
  return new SaltoKsError('provider', `Salto KS answered with an error${detail}`, provider);
}
