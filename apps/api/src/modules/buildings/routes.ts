import {
  buildingCreateBodySchema,
  buildingDeleteQuerySchema,
  buildingListQuerySchema,
  buildingSchema,
  buildingUpdateBodySchema,
  dateRangeQuerySchema,
  pageMetaSchema,
  statisticsSchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth, roleDataOf } from '../../http/authenticate.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { pageMeta, pageWindow } from '../../http/pagination.js';
import { assertBuildingPhoto, discardReplacedAsset } from '../assets/service.js';
import { countPerDay, insertBuilding, listBuildings, updateBuilding } from './repository.js';
import {
  buildingViews,
  daysBefore,
  fillDays,
  removeBuilding,
  requireBuilding,
  todayIn,
  visibleBuildingIds,
} from './service.js';

const tags = ['Buildings'];
const idParams = z.object({ id: z.uuid() });
const buildingReply = envelopeOf(buildingSchema);
const maxStatisticsDays = 366;

/** Request field names -> columns. */
function buildingValues(body: z.output<typeof buildingUpdateBodySchema>) {
  const map = {
    name: 'name',
    address: 'address',
    postal_code: 'postalCode',
    city: 'city',
    country: 'country',
    time_zone: 'timeZone',
    contact_name: 'contactName',
    contact_email: 'contactEmail',
    contact_phone: 'contactPhone',
    saltoks_site_id: 'saltoksSiteId',
    kone_building_id: 'koneBuildingId',
    elevator_call_on_entry: 'elevatorCallOnEntry',
    photo_asset_id: 'photoAssetId',
  } as const;
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(map)) {
    const value = body[field as keyof typeof body];
    if (value !== undefined) values[column] = value;
  }
  return values;
}

export function registerBuildingRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/buildings',
    {
      config: { oauth2Scopes: ['buildings:read'] },
      schema: {
        tags,
        summary: 'The buildings the caller manages or belongs to (all, for a superadmin)',
        querystring: buildingListQuerySchema,
        response: { 200: envelopeOf(z.array(buildingSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      const roleData = await roleDataOf(request, ctx);
      const { search, sort, order } = request.query;
      const { rows, total } = await listBuildings(ctx.db, {
        ids: visibleBuildingIds(roleData),
        search,
        sort,
        order,
        ...pageWindow(request.query),
      });
      return ok(await buildingViews(ctx, roleData, rows), pageMeta(request.query, total));
    },
  );

  api.post(
    '/buildings',
    {
      schema: {
        tags,
        summary: 'Create a building (superadmin)',
        body: buildingCreateBodySchema,
        response: { 201: buildingReply },
      },
    },
    async (request, reply) => {
      await authorize(request, ctx, 'buildingCreate');
      const row = await insertBuilding(
        ctx.db,
        buildingValues(request.body) as Parameters<typeof insertBuilding>[1],
      );
      const [view] = await buildingViews(ctx, await roleDataOf(request, ctx), [row]);
      return reply.code(201).send(ok(view!));
    },
  );

  api.get(
    '/buildings/:id',
    {
      config: { oauth2Scopes: ['buildings:read'] },
      schema: { tags, summary: 'One building', params: idParams, response: { 200: buildingReply } },
    },
    async (request) => {
      const building = await requireBuilding(ctx, request.params.id);
      await authorize(request, ctx, 'buildingRead', { buildingId: building.id });
      const [view] = await buildingViews(ctx, await roleDataOf(request, ctx), [building]);
      return ok(view!);
    },
  );

  api.put(
    '/buildings/:id',
    {
      schema: {
        tags,
        summary: 'Change a building’s details and provider links',
        params: idParams,
        body: buildingUpdateBodySchema,
        response: { 200: buildingReply },
      },
    },
    async (request) => {
      const building = await requireBuilding(ctx, request.params.id);
      await authorize(request, ctx, 'buildingUpdate', { buildingId: building.id });
      const photoId = request.body.photo_asset_id;
      if (photoId) {
        await assertBuildingPhoto(
          ctx,
          photoId,
          building.id,
          requireAuth(request).user.id,
          building.photoAssetId,
        );
      }
      const row = await updateBuilding(ctx.db, building.id, buildingValues(request.body));
      // A replaced or removed photo is deleted (row and file).
      if (photoId !== undefined) await discardReplacedAsset(ctx, building.photoAssetId, row.photoAssetId);
      const [view] = await buildingViews(ctx, await roleDataOf(request, ctx), [row]);
      return ok(view!);
    },
  );

  api.delete(
    '/buildings/:id',
    {
      schema: {
        tags,
        summary: 'Delete a building (superadmin)',
        description:
          'Refused (409) while it has units or doors, unless `cascade=true` confirms deleting them too.',
        params: idParams,
        querystring: buildingDeleteQuerySchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const building = await requireBuilding(ctx, request.params.id);
      await authorize(request, ctx, 'buildingDelete', { buildingId: building.id });
      await removeBuilding(ctx, building.id, request.query.cascade);
      return ok(null);
    },
  );

  for (const [path, table, action] of [
    ['calls', 'calls', 'callRead'],
    ['door_logs', 'door_logs', 'doorLogRead'],
  ] as const) {
    api.get(
      `/buildings/:id/statistics/${path}`,
      {
        schema: {
          tags,
          summary: `How many ${path === 'calls' ? 'intercom calls' : 'door log entries'} a building had, per day`,
          description:
            'Days are calendar days in the building’s time zone; the default range is the last 30 days.',
          params: idParams,
          querystring: dateRangeQuerySchema,
          response: { 200: envelopeOf(statisticsSchema) },
        },
      },
      async (request) => {
        const building = await requireBuilding(ctx, request.params.id);
        await authorize(request, ctx, action, { buildingId: building.id });
        // By default the 30 days up to `to` (today in the building's time zone).
        const to = request.query.to ?? todayIn(building.timeZone);
        const from = request.query.from ?? daysBefore(to, 29);
        if (from > to)
          throw new AppError('validation_failed', 'The range must not end before it starts', { field: 'to' });
        const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
        if (days > maxStatisticsDays) {
          throw new AppError('validation_failed', `Ask for at most ${maxStatisticsDays} days`, {
            field: 'from',
          });
        }
        const perDay = fillDays(from, to, await countPerDay(ctx.db, table, building, from, to));
        return ok({ count: perDay.reduce((sum, day) => sum + day.count, 0), from, to, per_day: perDay });
      },
    );
  }
}
