/**
 * A small real HTTP server that plays a 2N intercom's switch API for the relay driver's tests. It
 * checks basic and digest credentials itself, with its own parsing and node:crypto, so the driver's
 * digest code is tested against an independent implementation and not against itself.
 * Test-only: nothing in the server imports it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeDigestAlgorithm = 'MD5' | 'SHA-256';

export interface FakeRelaySettings {
  auth: 'none' | 'basic' | 'digest';
  username: string;
  password: string;
  /** Digest challenges offered, one WWW-Authenticate header each, in this order. */
  digestAlgorithms: FakeDigestAlgorithm[];
  /** The device's switches; triggering one makes it active. */
  switches: { switch: number; active: boolean; locked: boolean }[];
  /** When set, every call answers `success: false` with this description. */
  failWith?: string;
  /** Accept the connection and never answer. */
  hang: boolean;
  /** Answer 200 with an HTML page, as a web server that is no 2N device would. */
  answerHtml: boolean;
}

export interface FakeRelayRequest {
  path: string;
  authorization: string | undefined;
  /** The algorithm of a digest answer the server accepted. */
  acceptedDigest?: FakeDigestAlgorithm;
}

export interface FakeRelay {
  url: string;
  settings: FakeRelaySettings;
  requests: FakeRelayRequest[];
  close(): Promise<void>;
}

const REALM = 'HTTP API';
const HASH_OF = { MD5: 'md5', 'SHA-256': 'sha256' } as const;

export async function startFakeRelay(overrides: Partial<FakeRelaySettings> = {}): Promise<FakeRelay> {
  const settings: FakeRelaySettings = {
    auth: 'none',
    username: 'admin',
    password: 'relay-secret',
    digestAlgorithms: ['SHA-256', 'MD5'],
    switches: [{ switch: 1, active: false, locked: false }],
    hang: false,
    answerHtml: false,
    ...overrides,
  };
  const requests: FakeRelayRequest[] = [];
  const issuedNonces = new Set<string>();

  const server = createServer((request, response) => {
    const record: FakeRelayRequest = {
      path: request.url ?? '',
      authorization: request.headers.authorization,
    };
    requests.push(record);
    if (settings.hang) return;
    if (!isAuthorized(request, record)) return askForCredentials(response);
    answerSwitchApi(request, response);
  });

  function isAuthorized(request: IncomingMessage, record: FakeRelayRequest): boolean {
    const header = request.headers.authorization ?? '';
    if (settings.auth === 'none') return true;
    if (settings.auth === 'basic') {
      const expected = Buffer.from(`${settings.username}:${settings.password}`, 'utf8').toString('base64');
      return header === `Basic ${expected}`;
    }
    if (!header.startsWith('Digest ')) return false;
    const fields = Object.fromEntries(
      [...header.matchAll(/([\w*]+)=(?:"((?:[^"\\]|\\.)*)"|([^,\s]+))/g)].map((m) => [
        m[1],
        (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1'),
      ]),
    );
    const algorithm = fields.algorithm as FakeDigestAlgorithm;
    if (!settings.digestAlgorithms.includes(algorithm)) return false;
    if (!issuedNonces.has(fields.nonce ?? '') || fields.realm !== REALM || fields.uri !== request.url)
      return false;
    if (fields.qop !== 'auth' || !fields.cnonce || !fields.nc || fields.username !== settings.username)
      return false;
    const hash = (text: string) => createHash(HASH_OF[algorithm]).update(text).digest('hex');
    const ha1 = hash(`${settings.username}:${REALM}:${settings.password}`);
    const ha2 = hash(`${request.method}:${request.url}`);
    const expected = hash(`${ha1}:${fields.nonce}:${fields.nc}:${fields.cnonce}:auth:${ha2}`);
    if (fields.response !== expected) return false;
    issuedNonces.delete(fields.nonce ?? '');
    record.acceptedDigest = algorithm;
    return true;
  }

  function askForCredentials(response: ServerResponse) {
    const challenges =
      settings.auth === 'basic'
        ? [`Basic realm="${REALM}"`]
        : settings.digestAlgorithms.map((algorithm) => {
            const nonce = randomBytes(12).toString('base64');
            issuedNonces.add(nonce);
            return `Digest realm="${REALM}", qop="auth", algorithm=${algorithm}, nonce="${nonce}", opaque="2n-opaque"`;
          });
    response.writeHead(401, { 'www-authenticate': challenges, 'content-type': 'text/html' });
    response.end('<h1>401 Unauthorized</h1>');
  }

  function answerSwitchApi(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://relay');
    const target = settings.switches.find((entry) => String(entry.switch) === url.searchParams.get('switch'));
    const reply = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (settings.answerHtml) {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end('<html><body>Welcome</body></html>');
    }
    if (settings.failWith) {
      return reply({ success: false, error: { code: 12, description: settings.failWith } });
    }
    if (!target) {
      return reply({
        success: false,
        error: { code: 14, param: 'switch', description: 'invalid parameter value' },
      });
    }
    if (url.pathname === '/api/switch/ctrl' && url.searchParams.get('action') === 'trigger') {
      target.active = true;
      return reply({ success: true });
    }
    if (url.pathname === '/api/switch/status') {
      return reply({ success: true, result: { switches: [target] } });
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ success: false, error: { code: 1, description: 'function not found' } }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    settings,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens: bound once to learn a free number, then closed. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
