import {
  OAUTH2_SCOPE_DESCRIPTIONS,
  OAUTH2_SCOPES,
  oauth2AuthorizationSchema,
  oauth2AuthorizeBodySchema,
  oauth2AuthorizeResultSchema,
  oauth2ClientCreateBodySchema,
  oauth2ClientSchema,
  oauth2ClientUpdateBodySchema,
  oauth2ClientWithSecretSchema,
  tokenScopeSchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth, roleDataOf } from '../../http/authenticate.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { listClients, listUserGrants, revokeGrant } from './repository.js';
import {
  answerConsent,
  changeClient,
  clientView,
  createClient,
  grantView,
  removeClient,
  requireClient,
  rotateSecret,
} from './service.js';
import { registerTokenRoutes } from './token-routes.js';

const tags = ['OAuth2'];
const idParams = z.object({ id: z.uuid() });

export function registerOAuth2Routes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/token_scopes',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The scopes a third-party app may ask for, with what each allows',
        security: [],
        response: { 200: envelopeOf(z.array(tokenScopeSchema)) },
      },
    },
    async () => ok(OAUTH2_SCOPES.map((scope) => ({ scope, description: OAUTH2_SCOPE_DESCRIPTIONS[scope] }))),
  );

  api.get(
    '/oauth2_clients',
    {
      schema: {
        tags,
        summary: 'Third-party apps (superadmin)',
        response: { 200: envelopeOf(z.array(oauth2ClientSchema)) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'oauth2ClientManage');
      return ok((await listClients(ctx.db)).map(clientView));
    },
  );

  api.post(
    '/oauth2_clients',
    {
      schema: {
        tags,
        summary: 'Register a third-party app (superadmin)',
        description:
          'A confidential app (one with a server) gets `client_secret`, shown in this reply only; a public ' +
          'app (in a browser or on a phone) gets none and proves itself with PKCE.',
        body: oauth2ClientCreateBodySchema,
        response: { 201: envelopeOf(oauth2ClientWithSecretSchema) },
      },
    },
    async (request, reply) => {
      await authorize(request, ctx, 'oauth2ClientManage');
      const created = await createClient(ctx, request.body, requireAuth(request).user);
      return reply.code(201).send(ok(created));
    },
  );

  api.get(
    '/oauth2_clients/:id',
    {
      schema: {
        tags,
        summary: 'One third-party app, as the consent page shows it (anyone signed in)',
        params: idParams,
        response: { 200: envelopeOf(oauth2ClientSchema) },
      },
    },
    async (request) => ok(clientView(await requireClient(ctx, request.params.id))),
  );

  api.put(
    '/oauth2_clients/:id',
    {
      schema: {
        tags,
        summary: 'Change a third-party app (superadmin)',
        description: 'Scopes taken from the app are taken from the grants users gave it as well.',
        params: idParams,
        body: oauth2ClientUpdateBodySchema,
        response: { 200: envelopeOf(oauth2ClientSchema) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'oauth2ClientManage');
      return ok(await changeClient(ctx, request.params.id, request.body));
    },
  );

  api.delete(
    '/oauth2_clients/:id',
    {
      schema: {
        tags,
        summary: 'Remove a third-party app and every grant users gave it (superadmin)',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'oauth2ClientManage');
      await removeClient(ctx, request.params.id);
      return ok(null);
    },
  );

  api.post(
    '/oauth2_clients/:id/secret',
    {
      schema: {
        tags,
        summary: 'Give a confidential app a new secret (superadmin)',
        description: 'The old secret stops working at once; the new one is shown in this reply only.',
        params: idParams,
        response: { 200: envelopeOf(oauth2ClientWithSecretSchema) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'oauth2ClientManage');
      return ok(await rotateSecret(ctx, request.params.id));
    },
  );

  api.post(
    '/oauth2/authorize',
    {
      schema: {
        tags,
        summary: 'Approve or deny a third-party app (the consent page)',
        description:
          'Replies with where to send the browser: the app’s redirect URI with `code` and `state`, or with ' +
          '`error=access_denied`. PKCE with S256 is required. An unknown app, a redirect URI that is not ' +
          'registered exactly, or scopes the app may not ask for are refused here, never redirected. ' +
          'Approving again replaces the user’s earlier grant to the same app (its tokens stop working). ' +
          '`building_id` or `door_id` limit the grant to one building or door.',
        body: oauth2AuthorizeBodySchema,
        response: { 200: envelopeOf(oauth2AuthorizeResultSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const roleData = await roleDataOf(request, ctx);
      const redirectTo = await answerConsent(ctx, request, user, roleData, request.body);
      return ok({ redirect_to: redirectTo });
    },
  );

  api.get(
    '/me/oauth2_authorizations',
    {
      schema: {
        tags,
        summary: 'The apps the signed-in user let in',
        response: { 200: envelopeOf(z.array(oauth2AuthorizationSchema)) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok((await listUserGrants(ctx.db, user.id)).map(grantView));
    },
  );

  api.get(
    '/me/oauth2_authorizations/:id',
    {
      schema: {
        tags,
        summary: 'One app the signed-in user let in',
        params: idParams,
        response: { 200: envelopeOf(oauth2AuthorizationSchema) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await listUserGrants(ctx.db, user.id, request.params.id);
      if (!row) throw notFound('Authorization');
      return ok(grantView(row));
    },
  );

  api.delete(
    '/me/oauth2_authorizations/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an app’s access (its tokens stop working at once)',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const ended = await revokeGrant(ctx.db, request.params.id, user.id);
      if (!ended) throw notFound('Authorization');
      ctx.authCache.forgetSession(request.params.id);
      return ok(null);
    },
  );

  registerTokenRoutes(app, ctx);
}
