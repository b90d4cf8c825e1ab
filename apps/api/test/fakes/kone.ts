import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/*
 * A fake of KONE's APIs for tests: a real HTTP server with the OAuth2 token endpoint and the
 * resources list, and a real WebSocket server (same port, `/stream-v2`) that checks the access token
 * and answers `common-api` config/actions requests and `lift-call-api-v2` destination calls in
 * KONE's documented shapes. Failures can be switched on per test.
 */

export const FAKE_KONE_CLIENT_ID = 'kone-test-client';
export const FAKE_KONE_CLIENT_SECRET = 'kone-test-secret';

/** The fake's building, with a lobby (exit floor) and three upper floors. */
export const FAKE_KONE_BUILDING = '9990000951';

export interface FakeKoneToken {
  value: string;
  scopes: string[];
  expiresAt: number;
}

export interface FakeKoneOptions {
  /** Seconds a token lives (expires_in). */
  tokenSeconds?: number;
  /** Buildings the application may use (without the "building:" prefix). */
  buildings?: string[];
}

export interface FakeKoneFailures {
  /** The token endpoint answers 401 invalid_client. */
  badCredentials: boolean;
  /** WebSocket requests get no answer at all (the client must time out). */
  silent: boolean;
  /** WebSocket requests are answered with this error message (KONE's error shape). */
  errorReply: string | null;
  /** Elevator calls are answered with success: false and this error. */
  refuseCalls: string | null;
  /** The resources endpoint answers 503. */
  resourcesDown: boolean;
}

/** What a client sent over the WebSocket, with the token's scopes. */
export interface FakeKoneMessage {
  message: Record<string, unknown>;
  scopes: string[];
}

export interface FakeKone {
  apiUrl: string;
  wsUrl: string;
  clientId: string;
  clientSecret: string;
  /** Environment variables that point a Gatehouse server at this fake. */
  env: Record<string, string>;
  /** Token requests, in order (scope strings as sent). */
  tokenRequests: string[];
  /** Every WebSocket message received. */
  messages: FakeKoneMessage[];
  /** The lift-call-api-v2 messages received (elevator calls). */
  calls(): Record<string, unknown>[];
  failures: FakeKoneFailures;
  /** Forgets every issued token (as if KONE revoked them): the next use is refused with 401. */
  revokeTokens(): void;
  /** Open WebSocket connections right now. */
  openConnections(): number;
  close(): Promise<void>;
}

/** The building configuration in KONE's shape (`common-api` `config` data). */
export function fakeBuildingConfig(buildingId: string) {
  return {
    version: 2,
    building_id: `building:${buildingId}`,
    groups: [
      { group_id: 1, lifts: [{ lift_id: 1, lift_name: 'A', decks: [{ deck: 0, area_id: 1001010 }] }] },
    ],
    destinations: [
      { area_id: 1000, short_name: 'L0', group_floor_id: 0, exit: true },
      { area_id: 2000, short_name: 'L1', group_floor_id: 1, exit: false },
      { area_id: 3000, short_name: 'L2', group_floor_id: 2, exit: false },
      { area_id: 4000, short_name: 'L3', group_floor_id: 3, exit: false },
    ],
    terminals: [{ terminal_id: 10011, type: 'virtual' }],
  };
}

/** The call types in KONE's shape (`common-api` `actions` data). */
export function fakeBuildingActions() {
  return {
    call_types: [
      { action_id: 1, name: 'Landing call' },
      { action_id: 2, name: 'Destination call' },
      { action_id: 3, name: 'Car call' },
    ],
  };
}

const isCall = (message: Record<string, unknown>) => message.type === 'lift-call-api-v2';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeKone(options: FakeKoneOptions = {}): Promise<FakeKone> {
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const buildings = options.buildings ?? [FAKE_KONE_BUILDING, '9990000952'];
  const tokens = new Map<string, FakeKoneToken>();
  const tokenRequests: string[] = [];
  const messages: FakeKoneMessage[] = [];
  const failures: FakeKoneFailures = {
    badCredentials: false,
    silent: false,
    errorReply: null,
    refuseCalls: null,
    resourcesDown: false,
  };

  const validToken = (value: string | undefined | null) => {
    const token = value ? tokens.get(value) : undefined;
    return token && token.expiresAt > Date.now() ? token : undefined;
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/api/v2/oauth2/token') {
      const form = new URLSearchParams(await readBody(request));
      const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
      const [id, secret] = Buffer.from(encoded ?? '', 'base64')
        .toString()
        .split(':');
      tokenRequests.push(form.get('scope') ?? '');
      if (
        failures.badCredentials ||
        scheme !== 'Basic' ||
        id !== FAKE_KONE_CLIENT_ID ||
        secret !== FAKE_KONE_CLIENT_SECRET
      ) {
        return json(response, 401, { error: 'invalid_client', message: 'Client authentication failed' });
      }
      if (form.get('grant_type') !== 'client_credentials') {
        return json(response, 400, { error: 'unsupported_grant_type', message: 'Use client_credentials' });
      }
      const value = randomUUID();
      const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
      tokens.set(value, { value, scopes, expiresAt: Date.now() + tokenSeconds * 1000 });
      return json(response, 200, {
        access_token: value,
        token_type: 'Bearer',
        expires_in: tokenSeconds,
        scope: scopes.join(' '),
      });
    }
    if (request.method === 'GET' && url.pathname === '/api/v1/application/self/resources') {
      const token = validToken(request.headers.authorization?.replace(/^Bearer /, ''));
      if (!token) return json(response, 401, { message: 'Unauthorized' });
      if (!token.scopes.includes('application/inventory')) {
        return json(response, 403, { message: 'Scope application/inventory is required' });
      }
      if (failures.resourcesDown) return json(response, 503, { message: 'Service unavailable' });
      return json(response, 200, [
        ...buildings.map((building) => `building:${building}`),
        ...buildings.map((building) => `group:${building}:1`),
      ]);
    }
    // Not KONE's: lets a test in another process (the browser tests) see what the fake received.
    if (request.method === 'GET' && url.pathname === '/__fake/calls') {
      return json(response, 200, messages.map((entry) => entry.message).filter(isCall));
    }
    json(response, 404, { message: 'Not found' });
  });

  const sockets = new WebSocketServer({
    server,
    path: '/stream-v2',
    handleProtocols: (protocols) => (protocols.has('koneapi') ? 'koneapi' : false),
    verifyClient: (info, done) => {
      const url = new URL(info.req.url ?? '/', 'http://fake');
      // KONE takes the token in the query (its examples) or as the second subprotocol.
      const offered = String(info.req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((part) => part.trim());
      const token = validToken(url.searchParams.get('accessToken')) ?? validToken(offered[1]);
      if (!token) return done(false, 401, 'Unauthorized');
      (info.req as IncomingMessage & { koneToken?: FakeKoneToken }).koneToken = token;
      done(true);
    },
  });

  sockets.on('connection', (socket, request) => {
    const token = (request as IncomingMessage & { koneToken?: FakeKoneToken }).koneToken!;
    socket.on('message', (data) => {
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(data.toString());
      } catch {
        socket.send(JSON.stringify({ type: 'error', statusCode: 400, message: 'Not JSON' }));
        return;
      }
      messages.push({ message, scopes: token.scopes });
      if (failures.silent) return;
      const requestId = message.requestId;
      const reply = (body: Record<string, unknown>) => socket.send(JSON.stringify(body));
      if (failures.errorReply) {
        reply({ type: 'error', requestId, statusCode: 400, message: failures.errorReply });
        return;
      }
      const building = String(message.buildingId ?? '').replace(/^building:/, '');
      const groupId = String(message.groupId ?? '');
      if (!buildings.includes(building)) {
        reply({ type: 'error', requestId, statusCode: 404, message: `Building ${building} not found` });
        return;
      }
      if (!token.scopes.includes(`callgiving/group:${building}:${groupId}`)) {
        reply({
          type: 'error',
          requestId,
          statusCode: 403,
          message: 'Token scope does not allow this group',
        });
        return;
      }
      if (
        message.type === 'common-api' &&
        (message.callType === 'config' || message.callType === 'actions')
      ) {
        reply({ type: 'ok', requestId, statusCode: 201 });
        reply({
          type: 'common-api',
          requestId,
          callType: message.callType,
          data: message.callType === 'config' ? fakeBuildingConfig(building) : fakeBuildingActions(),
        });
        return;
      }
      if (message.type === 'lift-call-api-v2' && message.callType === 'action') {
        const payload = (message.payload ?? {}) as Record<string, unknown>;
        reply({ statusCode: 201, data: { time: new Date().toISOString() } });
        reply({
          callType: 'action',
          data: failures.refuseCalls
            ? { request_id: payload.request_id, success: false, error: failures.refuseCalls }
            : {
                request_id: payload.request_id,
                success: true,
                session_id: Math.floor(Math.random() * 100000),
              },
        });
        return;
      }
      reply({ type: 'error', requestId, statusCode: 400, message: 'Unknown request type' });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const apiUrl = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}/stream-v2`;

  return {
    apiUrl,
    wsUrl,
    clientId: FAKE_KONE_CLIENT_ID,
    clientSecret: FAKE_KONE_CLIENT_SECRET,
    env: {
      KONE_API_URL: apiUrl,
      KONE_WS_URL: wsUrl,
      KONE_CLIENT_ID: FAKE_KONE_CLIENT_ID,
      KONE_CLIENT_SECRET: FAKE_KONE_CLIENT_SECRET,
    },
    tokenRequests,
    messages,
    calls: () => messages.map((entry) => entry.message).filter(isCall),
    failures,
    revokeTokens: () => tokens.clear(),
    openConnections: () => sockets.clients.size,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
