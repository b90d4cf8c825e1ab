/**
 * One authenticated GET to an HTTP relay, with the door's timeout, turning every way it can fail into
 * a DriverError. Uses Node's global `fetch` (undici).
 */
import { parseAuthChallenges } from './auth-challenges.js';
import { chooseDigestChallenge, digestAuthorization } from './digest-auth.js';
import { DriverError } from './types.js';

export interface RelayLogin {
  auth: 'none' | 'basic' | 'digest';
  username: string | undefined;
  password: string | undefined;
}

export interface RelayReply {
  httpStatus: number;
  body: string;
}

export async function getFromRelay(url: URL, login: RelayLogin, timeoutMs: number): Promise<RelayReply> {
  // One deadline for the whole exchange: the digest round trip and reading the body count too.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    const response = await sendAuthenticated(url, login, deadline.signal);
    return { httpStatus: response.status, body: await response.text() };
  } catch (error) {
    if (error instanceof DriverError) throw error;
    if (deadline.signal.aborted) {
      throw new DriverError(`The relay did not answer within ${timeoutMs} ms`, 'timeout');
    }
    // The URL stays out of the message: it names the device, and a message is no place to debug it.
    const code = networkErrorCode(error);
    throw new DriverError(`The relay cannot be reached${code ? ` (${code})` : ''}`, 'offline');
  } finally {
    clearTimeout(timer);
  }
}

async function sendAuthenticated(url: URL, login: RelayLogin, signal: AbortSignal): Promise<Response> {
  if (login.auth === 'none') return refuseIfUnauthorized(await get(url, {}, signal), login);
  const username = login.username;
  if (!username) throw new DriverError(`The door has ${login.auth} authentication but no username`, 'auth');
  const password = login.password ?? '';

  if (login.auth === 'basic') {
    // RFC 7617: credentials are UTF-8 before base64.
    const credentials = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
    return refuseIfUnauthorized(await get(url, { authorization: `Basic ${credentials}` }, signal), login);
  }

  // Digest needs the server's nonce first, so the first request goes without credentials.
  const first = await get(url, {}, signal);
  if (first.status !== 401) return first;
  await first.body?.cancel();
  const challenge = chooseDigestChallenge(parseAuthChallenges(first.headers.get('www-authenticate') ?? ''));
  if (!challenge) {
    throw new DriverError(
      'The relay offers no digest login we support (MD5 or SHA-256 with qop=auth)',
      'auth',
    );
  }
  const uri = `${url.pathname}${url.search}`;
  const authorization = digestAuthorization({ challenge, username, password, method: 'GET', uri });
  return refuseIfUnauthorized(await get(url, { authorization }, signal), login);
}

async function get(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
  // A relay has no business redirecting us; following one could carry credentials elsewhere.
  return fetch(url, { headers: { accept: 'application/json', ...headers }, signal, redirect: 'manual' });
}

async function refuseIfUnauthorized(response: Response, login: RelayLogin): Promise<Response> {
  if (response.status !== 401) return response;
  await response.body?.cancel();
  throw new DriverError(
    login.auth === 'none'
      ? 'The relay requires a login; set basic or digest authentication on the door'
      : 'The relay refused the username or password',
    'auth',
  );
}

/** undici reports the system error (ECONNREFUSED, EHOSTUNREACH, a TLS code…) as the cause. */
function networkErrorCode(error: unknown): string | undefined {
  let cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof AggregateError) cause = cause.errors[0];
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
