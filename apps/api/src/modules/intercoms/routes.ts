import { intercomCreateBodySchema, intercomSchema, intercomUpdateBodySchema } from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { roleDataOf } from '../../http/authenticate.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { conflict, notFound } from '../../http/errors.js';
import { requireDoor } from '../doors/service.js';
import {
  deleteIntercom,
  findIntercomByDoor,
  findIntercomByEmail,
  insertIntercom,
  updateIntercom,
} from './repository.js';
import { intercomView } from './service.js';

const tags = ['Intercom'];
const doorParams = z.object({ buildingId: z.uuid(), doorId: z.uuid() });
const intercomReply = envelopeOf(intercomSchema);
const emailTaken = () => conflict('Another intercom uses this email address', 'email');

export function registerIntercomRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const path = '/buildings/:buildingId/doors/:doorId/intercom';

  async function requireIntercom(doorId: string) {
    const intercom = await findIntercomByDoor(ctx.db, doorId);
    if (!intercom) throw notFound('Intercom');
    return intercom;
  }

  api.get(
    path,
    {
      schema: { tags, summary: 'The door’s intercom', params: doorParams, response: { 200: intercomReply } },
    },
    async (request) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      await authorize(request, ctx, 'intercomRead', { buildingId: door.buildingId });
      return ok(intercomView(await requireIntercom(door.id)));
    },
  );

  api.post(
    path,
    {
      schema: {
        tags,
        summary: 'Add an intercom to a door',
        description:
          'The email and password are the device’s own account; the password is stored as an argon2 hash.',
        params: doorParams,
        body: intercomCreateBodySchema,
        response: { 201: intercomReply },
      },
    },
    async (request, reply) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      await authorize(request, ctx, 'intercomUpdate', { buildingId: door.buildingId });
      if (await findIntercomByDoor(ctx.db, door.id)) throw conflict('This door already has an intercom');
      if (await findIntercomByEmail(ctx.db, request.body.email)) throw emailTaken();
      const row = await insertIntercom(ctx.db, {
        doorId: door.id,
        name: request.body.name ?? null,
        model: request.body.model ?? null,
        email: request.body.email,
        passwordHash: await ctx.passwords.hash(request.body.password),
      });
      return reply.code(201).send(ok(intercomView(row)));
    },
  );

  api.put(
    path,
    {
      schema: {
        tags,
        summary: 'Change the door’s intercom',
        description:
          'The device credentials (email, password) change only on a superadmin’s update; otherwise they are ignored.',
        params: doorParams,
        body: intercomUpdateBodySchema,
        response: { 200: intercomReply },
      },
    },
    async (request) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      await authorize(request, ctx, 'intercomUpdate', { buildingId: door.buildingId });
      const intercom = await requireIntercom(door.id);
      const { name, model } = request.body;
      // Spec 3: a normal update strips the device account; only a superadmin's keeps it.
      const { email, password } = (await roleDataOf(request, ctx)).isSuperadmin ? request.body : {};
      if (email && email.toLowerCase() !== intercom.email.toLowerCase()) {
        if (await findIntercomByEmail(ctx.db, email)) throw emailTaken();
      }
      const row = await updateIntercom(ctx.db, intercom.id, {
        ...(name !== undefined ? { name } : {}),
        ...(model !== undefined ? { model } : {}),
        ...(email ? { email } : {}),
        ...(password ? { passwordHash: await ctx.passwords.hash(password) } : {}),
      });
      return ok(intercomView(row));
    },
  );

  api.delete(
    path,
    {
      schema: {
        tags,
        summary: 'Remove the door’s intercom',
        params: doorParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      await authorize(request, ctx, 'intercomUpdate', { buildingId: door.buildingId });
      await deleteIntercom(ctx.db, (await requireIntercom(door.id)).id);
      return ok(null);
    },
  );
}
