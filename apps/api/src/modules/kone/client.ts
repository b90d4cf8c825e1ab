import WebSocket from 'ws';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';

/*
 * A client for KONE's APIs (the elevator provider): OAuth2 client credentials for a token per scope,
 * the resources list over HTTP, and the building configuration, actions and elevator calls over
 * KONE's WebSocket API. Each WebSocket exchange opens its own connection and closes it once the
 * answer is in: Gatehouse asks rarely (a form, an entry), so a kept-open session would only add
 * reconnect logic.
 */

export type KoneSettings = Config['kone'];

/** Asks for the buildings the application may use. */
export const INVENTORY_SCOPE = 'application/inventory';

/** Lets the token read the configuration of, and make calls in, one lift group of a building. */
export const callGivingScope = (buildingId: string, groupId: string) =>
  `callgiving/group:${buildingId}:${groupId}`;

/** KONE's own form of a building id in WebSocket messages. */
export const koneBuildingRef = (buildingId: string) => `building:${buildingId}`;

type KoneFailure = 'kone_not_configured' | 'kone_unavailable' | 'kone_timeout' | 'kone_refused';

/** Our error for a KONE failure: 503 when it is off, else 502 (the provider failed us), code in the item. */
export function koneError(kind: KoneFailure, message: string): AppError {
  return new AppError(kind === 'kone_not_configured' ? 'unavailable' : 'bad_gateway', message, {
    items: [{ code: kind, message }],
  });
}

/** The failure kind of an error thrown by this client (for the door log's elevator call). */
export function koneFailureOf(error: unknown): string {
  if (error instanceof AppError) return `${error.items[0]?.code ?? error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Tokens are renewed this long before KONE's expiry, so none runs out during a call. */
const EXPIRY_MARGIN_MS = 30_000;

/** Scopes are joined by spaces in the token request; one cached token per set of scopes. */
type Message = Record<string, unknown>;

interface CachedToken {
  value: string;
  expiresAt: number;
}

function isObject(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The provider's explanation in a refusal, whichever of its shapes it came in. */
function providerMessage(body: unknown): string | undefined {
  if (!isObject(body)) return typeof body === 'string' && body ? body.slice(0, 300) : undefined;
  for (const key of ['message', 'error_description', 'error', 'detail']) {
    const value = body[key];
    if (typeof value === 'string' && value) return value;
  }
  if (isObject(body.data)) return providerMessage(body.data);
  return undefined;
}

export interface ElevatorCallRequest {
  buildingId: string;
  groupId: string;
  sourceArea: number;
  destinationArea: number;
  terminal: number;
  /** KONE's action id (2: destination call). */
  action: number;
}

export class KoneClient {
  private readonly tokens = new Map<string, CachedToken>();
  /** Token requests under way, so concurrent calls for one scope share one request. */
  private readonly fetching = new Map<string, Promise<string>>();
  private readonly sockets = new Set<WebSocket>();

  constructor(private readonly settings: KoneSettings) {}

  get configured(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret);
  }

  private assertConfigured() {
    if (!this.configured) {
      throw koneError(
        'kone_not_configured',
        'KONE is not set up on this server (KONE_CLIENT_ID, KONE_CLIENT_SECRET)',
      );
    }
  }

  /** An access token for `scopes`, from the cache until shortly before it expires. */
  async token(scopes: readonly string[]): Promise<string> {
    this.assertConfigured();
    const key = [...scopes].sort().join(' ');
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    let pending = this.fetching.get(key);
    if (!pending) {
      pending = this.fetchToken(key).finally(() => this.fetching.delete(key));
      this.fetching.set(key, pending);
    }
    return pending;
  }

  private forgetToken(scopes: readonly string[]) {
    this.tokens.delete([...scopes].sort().join(' '));
  }

  private async fetchToken(scope: string): Promise<string> {
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64');
    const response = await this.http(`${this.settings.apiUrl}/api/v2/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok)
      throw this.httpFailure(response.status, body, 'KONE refused the application’s credentials');
    if (!isObject(body) || typeof body.access_token !== 'string') {
      throw koneError('kone_unavailable', 'KONE answered the token request without a token');
    }
    const lifetimeSeconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.tokens.set(scope, {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(0, lifetimeSeconds * 1000 - EXPIRY_MARGIN_MS),
    });
    return body.access_token;
  }

  /** fetch with the configured timeout, its failures as our errors. */
  private async http(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.settings.timeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw koneError('kone_timeout', `KONE did not answer within ${this.settings.timeoutMs} ms`);
      }
      throw koneError('kone_unavailable', `KONE cannot be reached: ${(error as Error).message}`);
    }
  }

  private httpFailure(status: number, body: unknown, fallback: string): AppError {
    if (status >= 500) return koneError('kone_unavailable', `KONE failed (HTTP ${status})`);
    return koneError('kone_refused', providerMessage(body) ?? `${fallback} (HTTP ${status})`);
  }

  /**
   * The building ids ("building:XXXX") the application may use. KONE answers a list of resource
   * strings; other resource kinds (groups) are left out.
   */
  async resources(): Promise<string[]> {
    const scopes = [INVENTORY_SCOPE];
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(scopes);
      const response = await this.http(`${this.settings.apiUrl}/api/v1/application/self/resources`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
      const body: unknown = await response.json().catch(() => undefined);
      // A token KONE no longer takes (revoked, clock skew) is renewed once.
      if (response.status === 401 && attempt === 0) {
        this.forgetToken(scopes);
        continue;
      }
      if (!response.ok) throw this.httpFailure(response.status, body, 'KONE refused the resources request');
      const list = Array.isArray(body)
        ? body
        : isObject(body)
          ? Object.values(body).flatMap((value) => (Array.isArray(value) ? value : []))
          : [];
      return list.filter((item): item is string => typeof item === 'string' && item.startsWith('building:'));
    }
  }

  /** The building's configuration for one lift group (`common-api`, `config`): KONE's `data` as it came. */
  buildingConfig(buildingId: string, groupId = '1'): Promise<unknown> {
    return this.commonApi(buildingId, groupId, 'config');
  }

  /** The call types (actions) the group controller supports (`common-api`, `actions`). */
  buildingActions(buildingId: string, groupId = '1'): Promise<unknown> {
    return this.commonApi(buildingId, groupId, 'actions');
  }

  private async commonApi(buildingId: string, groupId: string, callType: 'config' | 'actions') {
    const requestId = crypto.randomUUID();
    const reply = await this.exchange(
      [INVENTORY_SCOPE, callGivingScope(buildingId, groupId)],
      { type: 'common-api', requestId, buildingId: koneBuildingRef(buildingId), callType, groupId },
      (message) => (message.requestId === requestId && 'data' in message ? message : undefined),
      (message) => message.requestId === requestId,
    );
    return reply.data;
  }

  /**
   * A destination call (`lift-call-api-v2`, `action`): resolves once KONE accepts it (its answer with
   * `success: true` for our request id), with KONE's session id when it gives one.
   */
  async callElevator(call: ElevatorCallRequest): Promise<{ sessionId: string | number | null }> {
    // KONE's examples use a random integer as the request id of calls.
    const requestId = Math.floor(Math.random() * 1_000_000_000);
    const reply = await this.exchange(
      [callGivingScope(call.buildingId, call.groupId)],
      {
        type: 'lift-call-api-v2',
        buildingId: koneBuildingRef(call.buildingId),
        callType: 'action',
        groupId: call.groupId,
        payload: {
          request_id: requestId,
          area: call.sourceArea,
          time: new Date().toISOString(),
          terminal: call.terminal,
          call: { action: call.action, destination: call.destinationArea },
        },
      },
      (message) =>
        isObject(message.data) && message.data.request_id === requestId && 'success' in message.data
          ? message
          : undefined,
      (message) => message.requestId === requestId,
    );
    const data = reply.data as Message;
    if (data.success !== true) {
      throw koneError('kone_refused', providerMessage(data) ?? 'KONE did not accept the elevator call');
    }
    const sessionId = data.session_id;
    return { sessionId: typeof sessionId === 'string' || typeof sessionId === 'number' ? sessionId : null };
  }

  /**
   * Sends one message over a fresh WebSocket and waits for the message `isReply` picks, within the
   * timeout. An error message that `isOurs` claims (or a refused handshake) rejects with KONE's words.
   * A handshake refused with 401 gets one more try with a new token.
   */
  private async exchange(
    scopes: readonly string[],
    message: Message,
    isReply: (message: Message) => Message | undefined,
    isOurs: (message: Message) => boolean,
  ): Promise<Message> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token(scopes);
      try {
        return await this.exchangeOnce(token, message, isReply, isOurs);
      } catch (error) {
        if (error instanceof TokenRefused && attempt === 0) {
          this.forgetToken(scopes);
          continue;
        }
        if (error instanceof TokenRefused) throw koneError('kone_refused', error.message);
        throw error;
      }
    }
  }

  private exchangeOnce(
    token: string,
    message: Message,
    isReply: (message: Message) => Message | undefined,
    isOurs: (message: Message) => boolean,
  ): Promise<Message> {
    const { timeoutMs } = this.settings;
    const url = new URL(this.settings.wsUrl);
    url.searchParams.set('accessToken', token);
    return new Promise<Message>((resolve, reject) => {
      let socket: WebSocket;
      try {
        socket = new WebSocket(url, 'koneapi', { handshakeTimeout: timeoutMs });
      } catch (error) {
        reject(koneError('kone_unavailable', `KONE cannot be reached: ${(error as Error).message}`));
        return;
      }
      this.sockets.add(socket);
      let settled = false;
      const finish = (error: Error | undefined, reply?: Message) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.sockets.delete(socket);
        socket.removeAllListeners();
        // A late error from the closing socket must not go unhandled.
        socket.on('error', () => {});
        if (socket.readyState === WebSocket.OPEN) socket.close(1000);
        else socket.terminate();
        if (error) reject(error);
        else resolve(reply!);
      };
      const timer = setTimeout(
        () => finish(koneError('kone_timeout', `KONE did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      socket.on('open', () => socket.send(JSON.stringify(message)));
      socket.on('message', (data) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString());
        } catch {
          return; // KONE sends only JSON; anything else is not an answer.
        }
        if (!isObject(parsed)) return;
        const status = typeof parsed.statusCode === 'number' ? parsed.statusCode : undefined;
        if (isOurs(parsed) && (parsed.type === 'error' || (status !== undefined && status >= 400))) {
          finish(
            koneError(
              'kone_refused',
              providerMessage(parsed) ?? `KONE refused the request (${status ?? 'error'})`,
            ),
          );
          return;
        }
        const reply = isReply(parsed);
        if (reply) finish(undefined, reply);
      });
      socket.on('unexpected-response', (_request, response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        if (status === 401) finish(new TokenRefused(`KONE refused the access token (HTTP ${status})`));
        else if (status >= 400 && status < 500)
          finish(koneError('kone_refused', `KONE refused the connection (HTTP ${status})`));
        else finish(koneError('kone_unavailable', `KONE failed (HTTP ${status})`));
      });
      socket.on('error', (error) =>
        finish(koneError('kone_unavailable', `KONE cannot be reached: ${error.message}`)),
      );
      socket.on('close', (code) =>
        finish(koneError('kone_unavailable', `KONE closed the connection before answering (${code})`)),
      );
    });
  }

  /** Drops open connections (the server is stopping). */
  close() {
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
  }
}

class TokenRefused extends Error {}
