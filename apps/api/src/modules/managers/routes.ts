import { managerCreateBodySchema, managerSchema } from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth, roleDataOf } from '../../http/authenticate.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError, notFound } from '../../http/errors.js';
import { inviteUser } from '../account/service.js';
import { requireBuilding } from '../buildings/service.js';
import type { UserRow } from '../users/repository.js';
import { personView } from '../users/service.js';
import {
  countManagersLocked,
  deleteManager,
  findManager,
  findManagerByUser,
  insertManager,
  listManagers,
  type ManagerRow,
} from './repository.js';

const tags = ['Managers'];
const buildingParams = z.object({ buildingId: z.uuid() });
const managerParams = z.object({ buildingId: z.uuid(), managerId: z.uuid() });

function managerView({ manager, user }: { manager: ManagerRow; user: UserRow }) {
  return {
    id: manager.id,
    building_id: manager.buildingId,
    user: personView(user),
    inserted_at: manager.insertedAt.toISOString(),
  };
}

export function registerManagerRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/buildings/:buildingId/managers',
    {
      schema: {
        tags,
        summary: 'A building’s managers',
        params: buildingParams,
        response: { 200: envelopeOf(z.array(managerSchema)) },
      },
    },
    async (request) => {
      const building = await requireBuilding(ctx, request.params.buildingId);
      await authorize(request, ctx, 'managerRead', { buildingId: building.id });
      return ok((await listManagers(ctx.db, building.id)).map(managerView));
    },
  );

  api.post(
    '/buildings/:buildingId/managers',
    {
      schema: {
        tags,
        summary: 'Make someone a manager of the building',
        description: 'An existing user gains the role; an unknown email gets an account and an invite mail.',
        params: buildingParams,
        body: managerCreateBodySchema,
        response: { 201: envelopeOf(managerSchema) },
      },
    },
    async (request, reply) => {
      const building = await requireBuilding(ctx, request.params.buildingId);
      await authorize(request, ctx, 'managerCreate', { buildingId: building.id });
      const inviter = requireAuth(request).user;
      const { email, first_name, last_name } = request.body;
      const created = await ctx.db.transaction(async (tx) => {
        const { user, invited } = await inviteUser(
          ctx,
          tx,
          { email, firstName: first_name, lastName: last_name },
          inviter,
        );
        if (await findManagerByUser(tx, building.id, user.id)) {
          throw new AppError('conflict', 'This person already manages the building', {
            items: [
              {
                code: 'already_manager',
                message: 'This person already manages the building',
                field: 'email',
              },
            ],
          });
        }
        return { manager: await insertManager(tx, building.id, user.id), user, invited };
      });
      if (created.invited) ctx.notifyMailQueued();
      ctx.authCache.forgetUser(created.user.id);
      return reply.code(201).send(ok(managerView(created)));
    },
  );

  api.get(
    '/buildings/:buildingId/managers/:managerId',
    {
      schema: {
        tags,
        summary: 'One manager',
        params: managerParams,
        response: { 200: envelopeOf(managerSchema) },
      },
    },
    async (request) => {
      const building = await requireBuilding(ctx, request.params.buildingId);
      await authorize(request, ctx, 'managerRead', { buildingId: building.id });
      const found = await findManager(ctx.db, building.id, request.params.managerId);
      if (!found) throw notFound('Manager');
      return ok(managerView(found));
    },
  );

  api.delete(
    '/buildings/:buildingId/managers/:managerId',
    {
      schema: {
        tags,
        summary: 'Remove a manager from the building',
        description:
          'A building keeps at least one manager: removing the last one is refused (409), except by a superadmin.',
        params: managerParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const building = await requireBuilding(ctx, request.params.buildingId);
      await authorize(request, ctx, 'managerDelete', { buildingId: building.id });
      const isSuperadmin = (await roleDataOf(request, ctx)).isSuperadmin;
      const removed = await ctx.db.transaction(async (tx) => {
        const found = await findManager(tx, building.id, request.params.managerId);
        if (!found) throw notFound('Manager');
        if (!isSuperadmin && (await countManagersLocked(tx, building.id)) <= 1) {
          const message = 'A building needs at least one manager: add another manager first';
          throw new AppError('conflict', message, { items: [{ code: 'last_manager', message }] });
        }
        await deleteManager(tx, found.manager.id);
        return found;
      });
      ctx.authCache.forgetUser(removed.user.id);
      return ok(null);
    },
  );
}
