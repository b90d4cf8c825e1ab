import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/errors.js';
import { exchangeToken, type RfcReply, revokeToken } from './service.js';

const tags = ['OAuth2'];

const rfcErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

const tokenReplySchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});

function send(reply: FastifyReply, result: RfcReply) {
  reply.code(result.status).headers(result.headers);
  return result.body === undefined ? reply.send() : reply.send(result.body);
}

/**
 * The endpoints third-party apps call themselves, as RFC 6749 and RFC 7009 define them: form
 * bodies, no CSRF header or app version (they are not our web app), and errors in the RFC's
 * `{error, error_description}` shape rather than our envelope, since standard OAuth libraries read
 * them. Their own plugin scope keeps the form parser and that error shape away from other routes.
 */
export function registerTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scope) => {
    await scope.register(formbody);
    scope.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
      if (status >= 500) request.log.error({ err: error }, 'OAuth2 endpoint failed');
      return reply.code(status === 401 ? 401 : status >= 500 ? 500 : 400).send({
        error: status >= 500 ? 'server_error' : 'invalid_request',
        error_description: status >= 500 ? 'Something went wrong' : error.message,
      });
    });

    scope.post(
      '/oauth2/token',
      {
        config: { public: true, csrf: false },
        schema: {
          tags,
          summary: 'Token endpoint (RFC 6749): authorization code with PKCE, or a refresh token',
          description:
            'Form body (`application/x-www-form-urlencoded`). `grant_type=authorization_code` with `code`, ' +
            '`redirect_uri`, `client_id` and `code_verifier`; `grant_type=refresh_token` with `refresh_token`. ' +
            'Confidential apps authenticate with HTTP Basic or `client_secret` in the body. Every refresh ' +
            'returns a new refresh token; presenting a used one ends the grant.',
          security: [],
          consumes: ['application/x-www-form-urlencoded'],
          response: { 200: tokenReplySchema, 400: rfcErrorSchema, 401: rfcErrorSchema },
        },
      },
      async (request, reply) => send(reply, await exchangeToken(ctx, request)),
    );

    scope.post(
      '/oauth2/revoke',
      {
        config: { public: true, csrf: false },
        schema: {
          tags,
          summary: 'Revoke a token (RFC 7009); ends the grant it belongs to',
          description:
            'Form body with `token` (a refresh or access token) and the app’s credentials as at the token ' +
            'endpoint. Answers 200 for unknown tokens too.',
          security: [],
          consumes: ['application/x-www-form-urlencoded'],
          response: { 400: rfcErrorSchema, 401: rfcErrorSchema },
        },
      },
      async (request, reply) => send(reply, await revokeToken(ctx, request)),
    );
  });
}
