import type { OAuth2Scope, RoleData } from '@gatehouse/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { accessSignatureCookie } from '../modules/auth/cookies.js';
import { claimedTokenType, joinSplitToken } from '../modules/auth/tokens.js';
import {
  findLiveGrantWithUser,
  grantSession,
  narrowRoleData,
  type OAuth2Grant,
} from '../modules/oauth2/grant.js';
import { touchGrant } from '../modules/oauth2/repository.js';
import { loadRoleData } from '../modules/permissions/service.js';
import { findActiveSessionWithUser, type SessionRow } from '../modules/sessions/repository.js';
import type { UserRow } from '../modules/users/repository.js';
import { AppError, notFound, unauthenticated } from './errors.js';

export interface Auth {
  user: UserRow;
  /** For a third-party app's token: a stand-in made from its grant (see grantSession). */
  session: SessionRow;
  /** Set when a third-party app calls with its OAuth2 access token (decision 008). */
  oauth2?: OAuth2Grant;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every call that is not `public`; absent only on public routes. */
    auth?: Auth;
    roleDataPromise?: Promise<RoleData>;
  }
}

export function readBearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/** The signed-in user; throws 401 on a public route that forgot to check. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The user's role data, loaded once per request (and cached with the session) when a check needs it. */
export function roleDataOf(request: FastifyRequest, ctx: AppContext): Promise<RoleData> {
  const { user, session } = requireAuth(request);
  request.roleDataPromise ??= (async () => {
    const cached = ctx.authCache.get(session.id);
    if (cached?.roleData) return cached.roleData;
    const epoch = ctx.authCache.epoch;
    let roleData = await loadRoleData(ctx.db, user);
    // An app's grant limited to a building sees the user's roles in that building only.
    const buildingId = request.auth?.oauth2?.buildingId;
    if (buildingId) roleData = await narrowRoleData(ctx.db, roleData, buildingId);
    if (cached) ctx.authCache.set(session.id, { ...cached, roleData }, epoch);
    return roleData;
  })();
  return request.roleDataPromise;
}

/** Written at most this often per grant: a write per call would cost more than the call. */
const lastUsedWriteIntervalMs = 60_000;

async function loadGrant(ctx: AppContext, authorizationId: string): Promise<Auth | undefined> {
  const cached = ctx.authCache.get(authorizationId);
  if (cached?.oauth2) return cached;
  const epoch = ctx.authCache.epoch;
  const found = await findLiveGrantWithUser(ctx.db, authorizationId);
  if (!found) return undefined;
  const auth = {
    user: found.user,
    session: grantSession(found.grant, found.user.id, found.insertedAt),
    oauth2: found.grant,
  };
  ctx.authCache.set(authorizationId, auth, epoch);
  return auth;
}

/**
 * A third-party app's access token: valid signature and type, and a grant that is still live
 * (revoking it ends every token at once). The app reaches only routes that declare the scopes
 * they need, and only if its token carries them.
 */
async function authenticateApp(request: FastifyRequest, ctx: AppContext, token: string): Promise<Auth> {
  const claims = await ctx.tokens.verify(token, 'oauth2');
  const found = claims.aid ? await loadGrant(ctx, claims.aid) : undefined;
  const grant = found?.oauth2;
  if (!found || !grant || found.user.id !== claims.sub || grant.clientId !== claims.cid) {
    throw new AppError('token_invalid', 'This app’s access has been revoked; authorize it again');
  }
  const tokenScopes = new Set((claims.scope ?? '').split(' '));
  const scopes = grant.scopes.filter((scope) => tokenScopes.has(scope));
  const needed = request.routeOptions.config?.oauth2Scopes;
  if (!needed?.every((scope) => scopes.includes(scope))) {
    const message = needed
      ? `This call needs the scope ${needed.join(' ')}`
      : 'Apps may not make this call on a user’s behalf';
    throw new AppError('insufficient_scope', message, {
      headers: {
        'www-authenticate': `Bearer error="insufficient_scope"${needed ? `, scope="${needed.join(' ')}"` : ''}`,
      },
    });
  }
  checkNarrowing(request, grant);
  const now = Date.now();
  if (!grant.lastUsedAt || now - grant.lastUsedAt.getTime() > lastUsedWriteIntervalMs) {
    grant.lastUsedAt = new Date(now);
    // Not awaited: when an app last called is bookkeeping, never worth failing or delaying a call.
    touchGrant(ctx.db, grant.authorizationId, grant.lastUsedAt).catch((error) =>
      request.log.warn({ err: error }, 'could not record when an app last called'),
    );
  }
  return { ...found, oauth2: { ...grant, scopes } };
}

/**
 * A grant limited to a building or door: a call about another building or door is answered as if
 * it did not exist. Lists are limited by the narrowed role data and by the routes themselves.
 */
function checkNarrowing(request: FastifyRequest, grant: OAuth2Grant) {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const url = request.routeOptions.url ?? '';
  const buildingParam = params.buildingId ?? (/\/buildings\/:id(\/|$)/.test(url) ? params.id : undefined);
  if (grant.buildingId && buildingParam !== undefined && buildingParam !== grant.buildingId) {
    throw notFound('Building');
  }
  if (grant.doorId && params.doorId !== undefined && params.doorId !== grant.doorId) {
    throw notFound('Door');
  }
}

async function loadAuth(ctx: AppContext, sessionId: string): Promise<Auth | undefined> {
  const cached = ctx.authCache.get(sessionId);
  if (cached) return cached;
  const epoch = ctx.authCache.epoch;
  const found = await findActiveSessionWithUser(ctx.db, sessionId);
  if (found) ctx.authCache.set(sessionId, found, epoch);
  return found;
}

/**
 * Every route needs a valid access token unless it is marked `config: {public: true}`. The session
 * is looked up on every call, so ending a session (or deleting a user) takes effect at once.
 */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', undefined);
  app.decorateRequest('roleDataPromise', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config?.public) return;
    const bearer = readBearer(request);
    if (!bearer) throw unauthenticated('Sign in first: this call needs an access token');
    if (claimedTokenType(bearer) === 'oauth2') {
      request.auth = await authenticateApp(request, ctx, bearer);
      return;
    }
    const token = joinSplitToken(bearer, request.cookies[accessSignatureCookie]);
    const claims = await ctx.tokens.verify(token, 'access');
    const found = claims.sid ? await loadAuth(ctx, claims.sid) : undefined;
    if (!found || found.user.id !== claims.sub) {
      throw new AppError('session_revoked', 'This session has ended; sign in again');
    }
    request.auth = found;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scopes a third-party app's token needs for this route. Routes without it are closed to
     * apps (403 insufficient_scope), whatever the token allows.
     */
    oauth2Scopes?: readonly OAuth2Scope[];
  }
}
