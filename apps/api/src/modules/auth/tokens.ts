import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../http/errors.js';

export type TokenType = 'access' | 'refresh' | 'mfa' | 'device' | 'oauth2';

export interface TokenClaims {
  typ: TokenType;
  sub: string;
  sid?: string;
  jti?: string;
  /** Device tokens: a fingerprint of the intercom's password hash, so a new password ends old tokens. */
  ver?: string;
  /** OAuth2 access tokens: the grant (authorization), the app, and the scopes (space separated). */
  aid?: string;
  cid?: string;
  scope?: string;
  exp: number;
}

export interface IssuedTokens {
  access: string;
  refresh: string;
  accessExp: number;
  refreshExp: number;
}

const issuer = 'gatehouse';
const mfaChallengeTtlSeconds = 5 * 60;
/** Intercom devices sign in again to renew (decision 007). */
export const deviceTokenTtlSeconds = 30 * 24 * 60 * 60;

/**
 * Access, refresh, MFA-challenge, device and OAuth2 access tokens are HS256 JWTs with a `typ` claim,
 * so one kind can never stand in for another (an access token used as a refresh token is refused, and
 * the reverse; a device token is refused wherever a user's access token is expected; a third-party
 * app's token is never taken for the user's own).
 */
export class TokenIssuer {
  /**
   * Access tokens already verified, until they expire: a signature check per call showed in the
   * benchmark. Keyed by the whole token, so a tampered token never matches. Whether the session is
   * still open is checked separately on every call.
   */
  private readonly verifiedAccess = new LRUCache<string, TokenClaims>({ max: 50_000 });

  constructor(
    private readonly key: Uint8Array,
    private readonly ttl: { accessSeconds: number; refreshSeconds: number },
  ) {}

  private sign(claims: Omit<TokenClaims, 'exp'>, ttlSeconds: number, now: number): Promise<string> {
    const { typ, sub, ...rest } = claims;
    return new SignJWT({ typ, ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key);
  }

  async issueSessionTokens(session: {
    id: string;
    userId: string;
    refreshJti: string;
  }): Promise<IssuedTokens> {
    const now = Math.floor(Date.now() / 1000);
    const accessExp = now + this.ttl.accessSeconds;
    const refreshExp = now + this.ttl.refreshSeconds;
    const [access, refresh] = await Promise.all([
      this.sign({ typ: 'access', sub: session.userId, sid: session.id }, this.ttl.accessSeconds, now),
      this.sign(
        { typ: 'refresh', sub: session.userId, sid: session.id, jti: session.refreshJti },
        this.ttl.refreshSeconds,
        now,
      ),
    ]);
    return { access, refresh, accessExp, refreshExp };
  }

  issueMfaChallenge(userId: string): Promise<string> {
    return this.sign({ typ: 'mfa', sub: userId }, mfaChallengeTtlSeconds, Math.floor(Date.now() / 1000));
  }

  /** An intercom's device token (`sub` = intercom id); not cached: only user access tokens are. */
  async issueDeviceToken(intercomId: string, version: string): Promise<{ token: string; exp: number }> {
    const now = Math.floor(Date.now() / 1000);
    const token = await this.sign(
      { typ: 'device', sub: intercomId, ver: version },
      deviceTokenTtlSeconds,
      now,
    );
    return { token, exp: now + deviceTokenTtlSeconds };
  }

  /**
   * A third-party app's access token (decision 008): whether its grant is still live is checked on
   * every call, like a session.
   */
  issueOAuth2AccessToken(
    grant: { userId: string; authorizationId: string; clientId: string; scope: string },
    expiresAt: Date,
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return this.sign(
      {
        typ: 'oauth2',
        sub: grant.userId,
        aid: grant.authorizationId,
        cid: grant.clientId,
        scope: grant.scope,
      },
      Math.max(1, Math.floor(expiresAt.getTime() / 1000) - now),
      now,
    );
  }

  async verify(token: string, expected: TokenType): Promise<TokenClaims> {
    const cached = expected === 'access' || expected === 'oauth2';
    const known = cached ? this.verifiedAccess.get(token) : undefined;
    if (known && known.typ === expected && known.exp * 1000 > Date.now()) return known;
    const claims = await this.verifySignature(token, expected);
    if (cached) this.verifiedAccess.set(token, claims);
    return claims;
  }

  private async verifySignature(token: string, expected: TokenType): Promise<TokenClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer, algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('token_expired', 'The token has expired');
      }
      throw new AppError('token_invalid', 'The token is not valid');
    }
    if (payload.typ !== expected) {
      const article = /^[aeiou]/.test(expected) ? 'an' : 'a';
      throw new AppError(
        'token_invalid',
        `Expected ${article} ${expected} token, got ${String(payload.typ)} token`,
      );
    }
    return payload as unknown as TokenClaims;
  }
}

/**
 * The `typ` a token claims, read without checking it (to choose how to check it); undefined when the
 * value is no JWT. Never trust it further: `verify` checks the signature and the type.
 */
export function claimedTokenType(token: string): string | undefined {
  try {
    const { typ } = decodeJwt(token);
    return typeof typ === 'string' ? typ : undefined;
  } catch {
    return undefined;
  }
}

/** `header.payload.signature` -> the readable part (`header.payload.`) and the signature. */
export function splitToken(jwt: string): { readable: string; signature: string } {
  const lastDot = jwt.lastIndexOf('.');
  return { readable: jwt.slice(0, lastDot + 1), signature: jwt.slice(lastDot + 1) };
}

const jwtShape = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function looksLikeJwt(value: string): boolean {
  return jwtShape.test(value);
}

/**
 * Rebuilds a whole token from a bearer value: a split token (`header.payload.`) gets the signature
 * from its HttpOnly cookie; a whole token is used as it is.
 */
export function joinSplitToken(bearer: string, signatureCookie: string | undefined): string {
  if (bearer.endsWith('.') && signatureCookie) return bearer + signatureCookie;
  return bearer;
}
