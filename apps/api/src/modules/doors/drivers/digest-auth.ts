/**
 * The client side of HTTP Digest authentication (RFC 7616) with MD5 and SHA-256 and qop=auth, which
 * is what 2N devices speak. No maintained npm package covers this for `fetch`: `digest-fetch` fixes the
 * algorithm up front instead of reading it from the challenge and cannot choose between several
 * challenges; `digest-header` and urllib's copy of it are MD5-only and split the credentials on ":".
 * node:crypto does the hashing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AuthChallenge } from './auth-challenges.js';

const HASH_OF = { 'SHA-256': 'sha256', MD5: 'md5' } as const;
type DigestAlgorithm = keyof typeof HASH_OF;
/** Strongest first: when a server offers both, we answer the SHA-256 challenge. */
const PREFERENCE: DigestAlgorithm[] = ['SHA-256', 'MD5'];

export interface DigestChallenge {
  algorithm: DigestAlgorithm;
  realm: string;
  nonce: string;
  opaque?: string;
}

/** The strongest Digest challenge we can answer, or undefined when there is none. */
export function chooseDigestChallenge(challenges: AuthChallenge[]): DigestChallenge | undefined {
  const usable = challenges.flatMap((challenge): DigestChallenge[] => {
    const { realm, nonce, opaque, qop = '' } = challenge.params;
    // RFC 7616 §3.3: a challenge without an algorithm means MD5.
    const algorithm = (challenge.params.algorithm ?? 'MD5').toUpperCase();
    const offersAuth = qop.split(',').some((option) => option.trim().toLowerCase() === 'auth');
    if (challenge.scheme !== 'digest' || !isDigestAlgorithm(algorithm) || !offersAuth) return [];
    if (realm === undefined || !nonce) return [];
    return [{ algorithm, realm, nonce, ...(opaque === undefined ? {} : { opaque }) }];
  });
  return PREFERENCE.map((algorithm) => usable.find((c) => c.algorithm === algorithm)).find(Boolean);
}

export interface DigestRequest {
  challenge: DigestChallenge;
  username: string;
  password: string;
  method: string;
  /** The request target exactly as sent: path and query. */
  uri: string;
  /** Fixed only by tests that check published examples; otherwise random. */
  cnonce?: string;
}

/** The `Authorization` value answering `challenge`. Each nonce is used once, so nc is always 1. */
export function digestAuthorization(request: DigestRequest): string {
  const { challenge, username, password, method, uri } = request;
  const hash = (text: string) => createHash(HASH_OF[challenge.algorithm]).update(text, 'utf8').digest('hex');
  const cnonce = request.cnonce ?? randomBytes(16).toString('hex');
  const nc = '00000001';
  const ha1 = hash(`${username}:${challenge.realm}:${password}`);
  const ha2 = hash(`${method}:${uri}`);
  const response = hash(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:auth:${ha2}`);

  const fields = [
    usernameField(username),
    `realm=${quote(challenge.realm)}`,
    `uri=${quote(uri)}`,
    `algorithm=${challenge.algorithm}`,
    `nonce=${quote(challenge.nonce)}`,
    `nc=${nc}`,
    `cnonce=${quote(cnonce)}`,
    'qop=auth',
    `response=${quote(response)}`,
  ];
  if (challenge.opaque !== undefined) fields.push(`opaque=${quote(challenge.opaque)}`);
  return `Digest ${fields.join(', ')}`;
}

function isDigestAlgorithm(name: string): name is DigestAlgorithm {
  return Object.hasOwn(HASH_OF, name);
}

function quote(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * A username that is not plain printable ASCII travels as `username*` in RFC 8187 encoding
 * (RFC 7616 §3.4.4), which also keeps control characters out of the header.
 */
function usernameField(username: string): string {
  if (/^[\x20-\x7e]*$/.test(username)) return `username=${quote(username)}`;
  const encoded = encodeURIComponent(username).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `username*=UTF-8''${encoded}`;
}
