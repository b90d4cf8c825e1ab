import {
  can,
  pageMetaSchema,
  unitCreateBodySchema,
  unitListQuerySchema,
  unitPreloadsQuerySchema,
  unitSchema,
  unitUpdateBodySchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { roleDataOf } from '../../http/authenticate.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError, invalidField } from '../../http/errors.js';
import { pageMeta, pageWindow } from '../../http/pagination.js';
import { requireBuilding } from '../buildings/service.js';
import {
  deleteUnit,
  findUnitByIntercomCode,
  findUnitByName,
  insertUnit,
  listUnits,
  type UnitWithBuilding,
  updateUnit,
} from './repository.js';
import { isMemberOfUnit, requireUnit, unitPreloads } from './service.js';

const tags = ['Units'];
const idParams = z.object({ id: z.uuid() });
const unitReply = envelopeOf(unitSchema);

function codeTaken() {
  const message = 'Another unit of this building uses this intercom code';
  return new AppError('conflict', message, {
    items: [{ code: 'intercom_code_taken', message, field: 'intercom_code' }],
  });
}

/** Refuses an intercom code another unit of the building already has. */
async function assertCodeFree(
  ctx: AppContext,
  buildingId: string,
  code: string | null | undefined,
  unitId?: string,
) {
  if (!code) return;
  const holder = await findUnitByIntercomCode(ctx.db, buildingId, code);
  if (holder && holder.id !== unitId) throw codeTaken();
}

function nameTaken() {
  const message = 'This building already has a unit with this name';
  return new AppError('conflict', message, { items: [{ code: 'unit_name_taken', message, field: 'name' }] });
}

export function unitView({ unit, building, memberCount }: UnitWithBuilding) {
  return {
    id: unit.id,
    building_id: unit.buildingId,
    name: unit.name,
    floor: unit.floor,
    intercom_code: unit.intercomCode,
    kone_area_id: unit.koneAreaId,
    building: { id: building.id, name: building.name, time_zone: building.timeZone },
    member_count: memberCount,
    delegate_user_id: unit.delegateUserId,
    alt_delegate_user_id: unit.altDelegateUserId,
    inserted_at: unit.insertedAt.toISOString(),
    updated_at: unit.updatedAt.toISOString(),
  };
}

export function registerUnitRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/units',
    {
      schema: {
        tags,
        summary: 'The units the caller may see (all, for a superadmin)',
        querystring: unitListQuerySchema,
        response: { 200: envelopeOf(z.array(unitSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'unitList');
      const roleData = await roleDataOf(request, ctx);
      const { building_id, search, sort, order } = request.query;
      const { rows, total } = await listUnits(ctx.db, {
        visible: roleData.isSuperadmin
          ? undefined
          : { buildingIds: roleData.bManagerOfBuilding, unitIds: roleData.uMemberOfUnit },
        buildingId: building_id,
        search,
        sort,
        order,
        ...pageWindow(request.query),
      });
      return ok(rows.map(unitView), pageMeta(request.query, total));
    },
  );

  api.post(
    '/units',
    {
      schema: {
        tags,
        summary: 'Add a unit to a building',
        body: unitCreateBodySchema,
        response: { 201: unitReply },
      },
    },
    async (request, reply) => {
      const building = await requireBuilding(ctx, request.body.building_id);
      await authorize(request, ctx, 'unitCreate', { buildingId: building.id });
      if (await findUnitByName(ctx.db, building.id, request.body.name)) throw nameTaken();
      await assertCodeFree(ctx, building.id, request.body.intercom_code);
      const unit = await insertUnit(ctx.db, {
        buildingId: building.id,
        name: request.body.name,
        floor: request.body.floor ?? null,
        intercomCode: request.body.intercom_code ?? null,
        koneAreaId: request.body.kone_area_id ?? null,
      });
      return reply.code(201).send(ok(unitView(await requireUnit(ctx, unit.id))));
    },
  );

  api.get(
    '/units/:id',
    {
      schema: {
        tags,
        summary: 'One unit, with what it holds',
        description: 'The delegate preloads are given only to those who may update the unit.',
        params: idParams,
        querystring: unitPreloadsQuerySchema,
        response: { 200: unitReply },
      },
    },
    async (request) => {
      const found = await requireUnit(ctx, request.params.id);
      const unitId = found.unit.id;
      await authorize(request, ctx, 'unitRead', { unitId });
      const roleData = await roleDataOf(request, ctx);
      const { preloads } = request.query;
      const extras = await unitPreloads(ctx, found, preloads, {
        // Delegates are personal details: for those who run the unit only.
        delegates: can(roleData, 'unitUpdate', { unitId }),
        doors: can(roleData, 'doorRead', { buildingId: found.building.id }),
        schedules: can(roleData, 'entryScheduleRead', { unitId }),
        members: can(roleData, 'memberRead', { unitId }),
        visitors: can(roleData, 'visitorRead', { unitId }),
      });
      return ok({ ...unitView(found), ...extras });
    },
  );

  api.put(
    '/units/:id',
    {
      schema: {
        tags,
        summary: 'Change a unit: name, floor, delegates',
        description: 'A delegate must be a member of the unit.',
        params: idParams,
        body: unitUpdateBodySchema,
        response: { 200: unitReply },
      },
    },
    async (request) => {
      const found = await requireUnit(ctx, request.params.id);
      await authorize(request, ctx, 'unitUpdate', { unitId: found.unit.id });
      const { name, floor, intercom_code, kone_area_id, delegate_user_id, alt_delegate_user_id } =
        request.body;
      if (name && name.toLowerCase() !== found.unit.name.toLowerCase()) {
        if (await findUnitByName(ctx.db, found.unit.buildingId, name)) throw nameTaken();
      }
      await assertCodeFree(ctx, found.unit.buildingId, intercom_code, found.unit.id);
      for (const [field, userId] of [
        ['delegate_user_id', delegate_user_id],
        ['alt_delegate_user_id', alt_delegate_user_id],
      ] as const) {
        if (userId && !(await isMemberOfUnit(ctx, found.unit.id, userId))) {
          throw invalidField(field, 'A delegate must be a member of the unit');
        }
      }
      await updateUnit(ctx.db, found.unit.id, {
        ...(name !== undefined ? { name } : {}),
        ...(floor !== undefined ? { floor } : {}),
        ...(intercom_code !== undefined ? { intercomCode: intercom_code } : {}),
        ...(kone_area_id !== undefined ? { koneAreaId: kone_area_id } : {}),
        ...(delegate_user_id !== undefined ? { delegateUserId: delegate_user_id } : {}),
        ...(alt_delegate_user_id !== undefined ? { altDelegateUserId: alt_delegate_user_id } : {}),
      });
      return ok(unitView(await requireUnit(ctx, found.unit.id)));
    },
  );

  api.delete(
    '/units/:id',
    {
      schema: {
        tags,
        summary: 'Remove a unit',
        description: 'Its memberships, visitors and entry schedules go with it.',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const found = await requireUnit(ctx, request.params.id);
      await authorize(request, ctx, 'unitDelete', { unitId: found.unit.id });
      await deleteUnit(ctx.db, found.unit.id);
      return ok(null);
    },
  );
}
