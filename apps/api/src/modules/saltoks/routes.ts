import {
  saltoksIqSchema,
  saltoksLockSchema,
  saltoksSiteQuerySchema,
  saltoksSiteSchema,
} from '@gatehouse/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { roleDataOf } from '../../http/authenticate.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { isSiteLinked } from './repository.js';
import { iqView, lockView, siteView } from './service.js';

const tags = ['Salto KS'];
const failures =
  '503 `saltoks_not_configured` when the server has no Salto KS credentials; 502 with Salto KS’s own ' +
  'message when it fails.';

/**
 * GET /saltoks/* (spec 7): what the building and door forms need from Salto KS. The Salto KS account
 * is the installation's: anyone who manages a building may see its sites (to link theirs); a site's
 * IQs and locks only for a site linked to a building they manage (decision 008).
 */
export function registerSaltoKsRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function authorizeSite(request: FastifyRequest, siteId: string) {
    const roleData = await roleDataOf(request, ctx);
    if (roleData.isSuperadmin) return;
    if (!(await isSiteLinked(ctx.db, siteId, roleData.bManagerOfBuilding))) throw forbidden();
  }

  api.get(
    '/saltoks/sites',
    {
      schema: {
        tags,
        summary: 'The Salto KS sites of the installation’s account',
        description: `For a superadmin or a building manager, to link a building (\`saltoks_site_id\`). ${failures}`,
        response: { 200: envelopeOf(z.array(saltoksSiteSchema)) },
      },
    },
    async (request) => {
      const roleData = await roleDataOf(request, ctx);
      if (!roleData.isSuperadmin && roleData.bManagerOfBuilding.length === 0) throw forbidden();
      return ok((await ctx.saltoks.listSites()).map(siteView));
    },
  );

  api.get(
    '/saltoks/iqs',
    {
      schema: {
        tags,
        summary: 'The IQs (lock gateways) of a Salto KS site',
        description: `For a site linked to a building the caller manages (any, for a superadmin). ${failures}`,
        querystring: saltoksSiteQuerySchema,
        response: { 200: envelopeOf(z.array(saltoksIqSchema)) },
      },
    },
    async (request) => {
      await authorizeSite(request, request.query.site_id);
      return ok((await ctx.saltoks.listIqs(request.query.site_id)).map(iqView));
    },
  );

  api.get(
    '/saltoks/locks',
    {
      schema: {
        tags,
        summary: 'The locks of a Salto KS site, with their state',
        description: `For a site linked to a building the caller manages (any, for a superadmin). ${failures}`,
        querystring: saltoksSiteQuerySchema,
        response: { 200: envelopeOf(z.array(saltoksLockSchema)) },
      },
    },
    async (request) => {
      await authorizeSite(request, request.query.site_id);
      return ok((await ctx.saltoks.listLocks(request.query.site_id)).map(lockView));
    },
  );
}
