import {
  loginBodySchema,
  mfaBodySchema,
  mfaChallengeSchema,
  sessionSchema,
  tokensSchema,
} from '@gatehouse/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { readBearer, requireAuth } from '../../http/authenticate.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError, notFound } from '../../http/errors.js';
import {
  clearTokenCookies,
  deliverTokens,
  refreshSignatureCookie,
  refreshTokenCookie,
} from '../auth/cookies.js';
import { type ClientInfo, completeMfa, endSession, login, refreshSession } from '../auth/service.js';
import { joinSplitToken, looksLikeJwt } from '../auth/tokens.js';
import { listActiveSessions, revokeSession } from './repository.js';

const tags = ['Session'];

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * The refresh token of a refresh call: the bearer header (a split token gets its signature from the
 * cookie); when the bearer is missing or a dummy value, the whole token from the HttpOnly cookie.
 */
function refreshTokenOf(request: FastifyRequest): string {
  const bearer = readBearer(request);
  if (bearer && looksLikeJwt(bearer)) return joinSplitToken(bearer, request.cookies[refreshSignatureCookie]);
  const cookie = request.cookies[refreshTokenCookie];
  if (cookie) return cookie;
  throw new AppError('unauthenticated', 'A refresh token is required');
}

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = { secure: ctx.config.cookieSecure };

  api.post(
    '/me/current_session',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in',
        description:
          'Checks email and password. Replies with tokens, or with an MFA challenge when the account has TOTP on. ' +
          'Failed attempts are limited per account and per IP.',
        body: loginBodySchema,
        response: { 200: envelopeOf(z.union([tokensSchema, mfaChallengeSchema])) },
      },
    },
    async (request, reply) => {
      const outcome = await login(ctx, request.body, clientInfo(request));
      if (outcome.kind === 'mfa_required') {
        return ok({ mfa_required: true as const, mfa_token: outcome.mfaToken });
      }
      return ok(deliverTokens(reply, outcome.tokens, request.body.token_signature_transport, cookieOptions));
    },
  );

  api.post(
    '/me/current_session/mfa',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Complete sign-in with a TOTP or recovery code',
        body: mfaBodySchema,
        response: { 200: envelopeOf(tokensSchema) },
      },
    },
    async (request, reply) => {
      const { mfa_token, code, token_signature_transport } = request.body;
      const tokens = await completeMfa(ctx, { mfaToken: mfa_token, code }, clientInfo(request));
      return ok(deliverTokens(reply, tokens, token_signature_transport, cookieOptions));
    },
  );

  api.post(
    '/me/current_session/refresh',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Exchange a refresh token for new tokens',
        description:
          'The refresh token goes in the Authorization header as a bearer token. Each refresh token works once; ' +
          'using one twice ends the session.',
        response: { 200: envelopeOf(tokensSchema) },
      },
    },
    async (request, reply) => {
      const bearer = readBearer(request);
      // A split (cookie) client sends `header.payload.`; answer it in the same transport.
      const transport = bearer && looksLikeJwt(bearer) && !bearer.endsWith('.') ? 'bearer' : 'cookie_only';
      const tokens = await refreshSession(ctx, refreshTokenOf(request));
      return ok(deliverTokens(reply, tokens, transport, cookieOptions));
    },
  );

  api.delete(
    '/me/current_session',
    { schema: { tags, summary: 'Sign out (ends this session)', response: { 200: envelopeOf(z.null()) } } },
    async (request, reply) => {
      await endSession(ctx, requireAuth(request).session);
      clearTokenCookies(reply, cookieOptions);
      return ok(null);
    },
  );

  api.get(
    '/me/sessions',
    {
      schema: {
        tags,
        summary: 'The signed-in user’s open sessions',
        response: { 200: envelopeOf(z.array(sessionSchema)) },
      },
    },
    async (request) => {
      const { user, session: current } = requireAuth(request);
      const sessions = await listActiveSessions(ctx.db, user.id);
      return ok(
        sessions.map((session) => ({
          id: session.id,
          current: session.id === current.id,
          user_agent: session.userAgent,
          ip: session.ip,
          inserted_at: session.insertedAt.toISOString(),
          last_used_at: session.lastUsedAt.toISOString(),
          expires_at: session.expiresAt.toISOString(),
        })),
      );
    },
  );

  api.delete(
    '/me/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one of the signed-in user’s sessions',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const { user, session: current } = requireAuth(request);
      const ended = await revokeSession(ctx.db, request.params.id, 'ended_by_user', user.id);
      if (!ended) throw notFound('Session');
      ctx.authCache.forgetSession(request.params.id);
      if (request.params.id === current.id) clearTokenCookies(reply, cookieOptions);
      return ok(null);
    },
  );
}
