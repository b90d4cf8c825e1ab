import type { RoleData } from '@gatehouse/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { accessSignatureCookie } from '../modules/auth/cookies.js';
import { joinSplitToken } from '../modules/auth/tokens.js';
import { loadRoleData } from '../modules/permissions/service.js';
import { findActiveSessionWithUser, type SessionRow } from '../modules/sessions/repository.js';
import type { UserRow } from '../modules/users/repository.js';
import { AppError, unauthenticated } from './errors.js';

export interface Auth {
  user: UserRow;
  session: SessionRow;
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
    const roleData = await loadRoleData(ctx.db, user);
    if (cached) ctx.authCache.set(session.id, { ...cached, roleData }, epoch);
    return roleData;
  })();
  return request.roleDataPromise;
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
    const token = joinSplitToken(bearer, request.cookies[accessSignatureCookie]);
    const claims = await ctx.tokens.verify(token, 'access');
    const found = claims.sid ? await loadAuth(ctx, claims.sid) : undefined;
    if (!found || found.user.id !== claims.sub) {
      throw new AppError('session_revoked', 'This session has ended; sign in again');
    }
    request.auth = found;
  });
}
