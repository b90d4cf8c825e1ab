import { OAUTH2_SCOPES } from '@gatehouse/core';
import type OAuth2Server from '@node-oauth/oauth2-server';
import type { AppContext } from '../../app-context.js';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { violatedUniqueIndex } from '../members/repository.js';
import {
  findClient,
  findCode,
  findRefreshToken,
  insertCode,
  insertRefreshToken,
  type OAuth2ClientRow,
  replaceGrant,
  revokeGrant,
  touchGrant,
  useCode,
  useRefreshToken,
} from './repository.js';

/*
 * The storage side of @node-oauth/oauth2-server (its "model"), on our tables. The library runs the
 * protocol: client authentication, PKCE, redirect URI and expiry checks, scope rules, rotation of
 * refresh tokens, the RFC 6749 replies. This file only finds and stores things, and adds what the
 * library leaves to the model: reuse detection and one live grant per user and app.
 */

/** The user as the library passes it around: who, and which grant (or, at consent, its narrowing). */
export interface ModelUser {
  id: string;
  authorizationId?: string;
  buildingId?: string | null;
  doorId?: string | null;
}

export interface ModelClient extends OAuth2Server.Client {
  id: string;
  redirectUris: string[];
  grants: string[];
  allowedScopes: string[];
  row: OAuth2ClientRow;
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashSecret(secret: string): string {
  return sha256(secret);
}

/** A client secret, shown once; only its hash is kept (it is random, so SHA-256 is enough). */
export function newClientSecret(): string {
  return randomToken(32);
}

/**
 * Whether the credentials authenticate the client: a confidential client must present its secret;
 * a public one has none to present (it proves itself with PKCE).
 */
export function clientAuthenticates(row: OAuth2ClientRow, secret: string | null | undefined): boolean {
  if (!row.secretHash) return !secret;
  return typeof secret === 'string' && safeEqual(hashSecret(secret), row.secretHash);
}

function modelClient(row: OAuth2ClientRow): ModelClient {
  return {
    id: row.id,
    redirectUris: row.redirectUris,
    grants: ['authorization_code', 'refresh_token'],
    allowedScopes: row.allowedScopes,
    row,
  };
}

export async function findModelClient(ctx: AppContext, clientId: string): Promise<ModelClient | undefined> {
  if (!uuidShape.test(clientId)) return undefined;
  const row = await findClient(ctx.db, clientId);
  return row ? modelClient(row) : undefined;
}

/** Ends a grant whose code or refresh token was presented twice (RFC 6749 4.1.2 and 10.4). */
async function revokeOnReuse(ctx: AppContext, authorizationId: string) {
  await revokeGrant(ctx.db, authorizationId);
  ctx.authCache.forgetSession(authorizationId);
}

/**
 * `authenticateClients`: at the token endpoint the client must authenticate; on the consent page
 * the user's browser only names the client (the library then passes no secret).
 */
export function createModel(ctx: AppContext, options: { authenticateClients: boolean }) {
  const { oauth2 } = ctx.config;

  return {
    async getClient(clientId: string, clientSecret: string | null | undefined) {
      const client = await findModelClient(ctx, clientId);
      if (!client) return false;
      if (options.authenticateClients && !clientAuthenticates(client.row, clientSecret)) return false;
      return client;
    },

    /** Known scopes the client may ask for; anything else refuses the request. */
    async validateScope(_user: ModelUser, client: ModelClient, scope?: string[]) {
      if (!scope || scope.length === 0) return false;
      const known = new Set<string>(OAUTH2_SCOPES);
      const valid = scope.every((item) => known.has(item) && client.allowedScopes.includes(item));
      return valid ? [...new Set(scope)] : false;
    },

    async saveAuthorizationCode(
      code: Pick<
        OAuth2Server.AuthorizationCode,
        'authorizationCode' | 'expiresAt' | 'redirectUri' | 'scope' | 'codeChallenge' | 'codeChallengeMethod'
      >,
      client: ModelClient,
      user: ModelUser,
    ) {
      if (!code.codeChallenge || code.codeChallengeMethod !== 'S256') return false;
      const save = () =>
        ctx.db.transaction(async (tx) => {
          const { grant, replaced } = await replaceGrant(tx, {
            userId: user.id,
            clientId: client.id,
            scopes: code.scope ?? [],
            buildingId: user.buildingId ?? null,
            doorId: user.doorId ?? null,
          });
          await insertCode(tx, {
            codeHash: sha256(code.authorizationCode),
            clientId: client.id,
            authorizationId: grant.id,
            redirectUri: code.redirectUri,
            codeChallenge: code.codeChallenge!,
            codeChallengeMethod: code.codeChallengeMethod!,
            expiresAt: code.expiresAt,
          });
          return replaced;
        });
      let replaced: string[];
      try {
        replaced = await save();
      } catch (error) {
        // Two approvals of the same app at once (a double click): the later one replaces the other.
        if (violatedUniqueIndex(error) === undefined) throw error;
        replaced = await save();
      }
      for (const id of replaced) ctx.authCache.forgetSession(id);
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode: string) {
      const found = await findCode(ctx.db, sha256(authorizationCode));
      if (!found) return false;
      if (found.code.usedAt) {
        // A code presented twice: someone else may hold it. End what it gave.
        await revokeOnReuse(ctx, found.grant.id);
        return false;
      }
      if (found.grant.revokedAt) return false;
      return {
        authorizationCode,
        expiresAt: found.code.expiresAt,
        redirectUri: found.code.redirectUri,
        scope: found.grant.scopes,
        codeChallenge: found.code.codeChallenge,
        codeChallengeMethod: found.code.codeChallengeMethod,
        client: { id: found.code.clientId, grants: [] },
        user: { id: found.grant.userId, authorizationId: found.grant.id } satisfies ModelUser,
        codeId: found.code.id,
      };
    },

    async revokeAuthorizationCode(code: OAuth2Server.AuthorizationCode) {
      const won = await useCode(ctx.db, code.codeId as string);
      // The loser of two racing exchanges presented a used code.
      if (!won) await revokeOnReuse(ctx, (code.user as ModelUser).authorizationId!);
      return won;
    },

    async getRefreshToken(refreshToken: string) {
      const found = await findRefreshToken(ctx.db, sha256(refreshToken));
      if (!found) return false;
      if (found.token.usedAt) {
        // Rotation means a used refresh token is never presented by its rightful holder.
        await revokeOnReuse(ctx, found.grant.id);
        return false;
      }
      if (found.grant.revokedAt) return false;
      return {
        refreshToken,
        refreshTokenExpiresAt: found.token.expiresAt,
        scope: found.grant.scopes,
        client: { id: found.grant.clientId, grants: [] },
        user: { id: found.grant.userId, authorizationId: found.grant.id } satisfies ModelUser,
        tokenId: found.token.id,
      };
    },

    async revokeToken(token: OAuth2Server.RefreshToken) {
      const won = await useRefreshToken(ctx.db, token.tokenId as string);
      if (!won) await revokeOnReuse(ctx, (token.user as ModelUser).authorizationId!);
      return won;
    },

    /** The access token is a signed JWT made here; the library's random one is not used. */
    async saveToken(token: OAuth2Server.Token, client: ModelClient, user: ModelUser) {
      const authorizationId = user.authorizationId!;
      const scope = token.scope ?? [];
      const accessTokenExpiresAt =
        token.accessTokenExpiresAt ?? new Date(Date.now() + oauth2.accessTokenTtlSeconds * 1000);
      const accessToken = await ctx.tokens.issueOAuth2AccessToken(
        { userId: user.id, authorizationId, clientId: client.id, scope: scope.join(' ') },
        accessTokenExpiresAt,
      );
      if (token.refreshToken) {
        await insertRefreshToken(ctx.db, {
          authorizationId,
          tokenHash: sha256(token.refreshToken),
          expiresAt: token.refreshTokenExpiresAt!,
        });
      }
      await touchGrant(ctx.db, authorizationId, new Date());
      return {
        accessToken,
        accessTokenExpiresAt,
        refreshToken: token.refreshToken,
        refreshTokenExpiresAt: token.refreshTokenExpiresAt,
        scope,
        client,
        user,
      };
    },
  };
}

export type GatehouseModel = ReturnType<typeof createModel>;
