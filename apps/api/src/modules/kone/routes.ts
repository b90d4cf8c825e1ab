import {
  koneBuildingActionsSchema,
  koneBuildingConfigSchema,
  koneBuildingQuerySchema,
  koneResourceSchema,
} from '@gatehouse/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { roleDataOf } from '../../http/authenticate.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { forbidden } from '../../http/errors.js';
import { isKoneBuildingLinked } from './repository.js';
import { actionsOf, areasOf } from './service.js';

const tags = ['KONE'];

/**
 * GET /kone/* (spec 7): what the building and unit forms need from KONE. Anyone who manages a
 * building may see which KONE buildings the application has (to link theirs); a building's config
 * and actions only for the KONE building linked to a building they manage (decision 008).
 */
export function registerKoneRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function authorizeKoneBuilding(request: FastifyRequest, koneBuildingId: string) {
    const roleData = await roleDataOf(request, ctx);
    if (roleData.isSuperadmin) return;
    if (!(await isKoneBuildingLinked(ctx.db, koneBuildingId, roleData.bManagerOfBuilding))) throw forbidden();
  }

  api.get(
    '/kone/resources',
    {
      schema: {
        tags,
        summary: 'The KONE buildings Gatehouse’s KONE application may use',
        description:
          'For a superadmin or a building manager, to link a building (`kone_building_id`). ' +
          '503 `kone_not_configured` when the server has no KONE credentials; 502 when KONE fails.',
        response: { 200: envelopeOf(z.array(koneResourceSchema)) },
      },
    },
    async (request) => {
      const roleData = await roleDataOf(request, ctx);
      if (!roleData.isSuperadmin && roleData.bManagerOfBuilding.length === 0) throw forbidden();
      const resources = await ctx.kone.resources();
      return ok(resources.map((id) => ({ id, building_id: id.slice('building:'.length) })));
    },
  );

  api.get(
    '/kone/building_config',
    {
      schema: {
        tags,
        summary: 'A KONE building’s configuration: its floors (areas) for units’ destination floors',
        description: 'For the KONE building linked to a building the caller manages (any, for a superadmin).',
        querystring: koneBuildingQuerySchema,
        response: { 200: envelopeOf(koneBuildingConfigSchema) },
      },
    },
    async (request) => {
      const { building_id, group_id } = request.query;
      await authorizeKoneBuilding(request, building_id);
      const raw = await ctx.kone.buildingConfig(building_id, group_id);
      return ok({ building_id, group_id, areas: areasOf(raw), raw });
    },
  );

  api.get(
    '/kone/building_actions',
    {
      schema: {
        tags,
        summary: 'The call types (actions) a KONE building’s lift group supports',
        description: 'For the KONE building linked to a building the caller manages (any, for a superadmin).',
        querystring: koneBuildingQuerySchema,
        response: { 200: envelopeOf(koneBuildingActionsSchema) },
      },
    },
    async (request) => {
      const { building_id, group_id } = request.query;
      await authorizeKoneBuilding(request, building_id);
      const raw = await ctx.kone.buildingActions(building_id, group_id);
      return ok({ building_id, group_id, actions: actionsOf(raw), raw });
    },
  );
}
