import {
  can,
  DOOR_LIST_LIMIT,
  doorCreateBodySchema,
  doorOpenBodySchema,
  doorOpenResultSchema,
  doorPreloadsQuerySchema,
  doorSchema,
  doorStatusSchema,
  doorUpdateBodySchema,
  pincodeBodySchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth, roleDataOf } from '../../http/authenticate.js';
import { allows, authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError, forbidden } from '../../http/errors.js';
import { openSchedulesNow } from '../access/service.js';
import { requireBuilding } from '../buildings/service.js';
import { findIntercomByDoor } from '../intercoms/repository.js';
import { intercomView } from '../intercoms/service.js';
import { grantDoorId } from '../oauth2/narrowing.js';
import { completeDoorConfig, setProviderPin } from '../saltoks/door-settings.js';
import type { OpenActor } from './door-opener.js';
import { deleteDoor, insertDoor, listDoors, updateDoor } from './repository.js';
import {
  doorView,
  prepareDriverSettings,
  readDoorStatus,
  readSecrets,
  requireDoor,
  requireDoorForOpen,
} from './service.js';

const tags = ['Doors'];
const buildingParams = z.object({ buildingId: z.uuid() });
const doorParams = z.object({ buildingId: z.uuid(), doorId: z.uuid() });
const doorReply = envelopeOf(doorSchema);

export function registerDoorRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/buildings/:buildingId/doors',
    {
      config: { oauth2Scopes: ['buildings:read'] },
      schema: {
        tags,
        summary: `A building’s doors, by name (at most ${DOOR_LIST_LIMIT})`,
        params: buildingParams,
        response: {
          200: envelopeOf(
            z.array(doorSchema),
            z.object({ total: z.number().int(), limit: z.number().int() }),
          ),
        },
      },
    },
    async (request) => {
      const building = await requireBuilding(ctx, request.params.buildingId);
      await authorize(request, ctx, 'doorRead', { buildingId: building.id });
      const { rows, total } = await listDoors(ctx.db, building.id, DOOR_LIST_LIMIT);
      // An app limited to one door sees that door only.
      const onlyDoor = grantDoorId(request);
      const shown = onlyDoor ? rows.filter((row) => row.id === onlyDoor) : rows;
      return ok(
        shown.map((row) => doorView(row)),
        { total: onlyDoor ? shown.length : total, limit: DOOR_LIST_LIMIT },
      );
    },
  );

  api.post(
    '/buildings/:buildingId/doors',
    {
      schema: {
        tags,
        summary: 'Add a door',
        params: buildingParams,
        body: doorCreateBodySchema,
        response: { 201: doorReply },
      },
    },
    async (request, reply) => {
      const building = await requireBuilding(ctx, request.params.buildingId);
      await authorize(request, ctx, 'doorCreate', { buildingId: building.id });
      const { name, is_entrance, driver, driver_config, secrets } = request.body;
      const settings = prepareDriverSettings(ctx, driver, driver_config, secrets ?? {}, null);
      const driverConfig = await completeDoorConfig(ctx, building.id, driver, settings.driverConfig);
      const row = await insertDoor(ctx.db, {
        buildingId: building.id,
        name,
        isEntrance: is_entrance,
        driver,
        driverConfig,
        secretsEncrypted: settings.secretsEncrypted,
      });
      return reply.code(201).send(ok(doorView(row)));
    },
  );

  api.get(
    '/buildings/:buildingId/doors/:doorId',
    {
      config: { oauth2Scopes: ['buildings:read'] },
      schema: {
        tags,
        summary: 'One door',
        description:
          '`preloads=intercom` adds the intercom (for those who may read intercoms); `preloads=secrets` adds the ' +
          'driver secrets for a superadmin only.',
        params: doorParams,
        querystring: doorPreloadsQuerySchema,
        response: { 200: doorReply },
      },
    },
    async (request) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      const context = { buildingId: door.buildingId };
      await authorize(request, ctx, 'doorRead', context);
      const { preloads } = request.query;
      const extras: Parameters<typeof doorView>[1] = {};
      if (preloads.has('intercom') && (await allows(request, ctx, 'intercomRead', context))) {
        const intercom = await findIntercomByDoor(ctx.db, door.id);
        extras.intercom = intercom ? intercomView(intercom) : null;
      }
      if (preloads.has('secrets') && (await allows(request, ctx, 'doorSecretsRead', context))) {
        extras.secrets = readSecrets(ctx, door);
      }
      return ok(doorView(door, extras));
    },
  );

  api.put(
    '/buildings/:buildingId/doors/:doorId',
    {
      schema: {
        tags,
        summary: 'Change a door (name, entrance, driver and its settings)',
        params: doorParams,
        body: doorUpdateBodySchema,
        response: { 200: doorReply },
      },
    },
    async (request) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      await authorize(request, ctx, 'doorUpdate', { buildingId: door.buildingId });
      const { name, is_entrance, driver, driver_config, secrets } = request.body;
      const newDriver = driver ?? door.driver;
      const driverChanges = driver !== undefined || driver_config !== undefined || secrets !== undefined;
      // A new driver starts from its own defaults and leaves the old driver's secrets behind.
      const settings = driverChanges
        ? prepareDriverSettings(
            ctx,
            newDriver,
            driver_config ??
              (newDriver === door.driver ? (door.driverConfig as Record<string, unknown>) : {}),
            secrets ?? (newDriver === door.driver ? undefined : {}),
            door.secretsEncrypted,
          )
        : undefined;
      const driverConfig =
        settings && (await completeDoorConfig(ctx, door.buildingId, newDriver, settings.driverConfig, door));
      ctx.doorCache.forget(door.id);
      const row = await updateDoor(ctx.db, door.id, {
        ...(name !== undefined ? { name } : {}),
        ...(is_entrance !== undefined ? { isEntrance: is_entrance } : {}),
        ...(settings ? { driver: newDriver, ...settings, driverConfig } : {}),
      });
      return ok(doorView(row));
    },
  );

  api.delete(
    '/buildings/:buildingId/doors/:doorId',
    {
      schema: { tags, summary: 'Remove a door', params: doorParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      await authorize(request, ctx, 'doorDelete', { buildingId: door.buildingId });
      ctx.doorCache.forget(door.id);
      await deleteDoor(ctx.db, door.id);
      return ok(null);
    },
  );

  api.get(
    '/buildings/:buildingId/doors/:doorId/status',
    {
      schema: {
        tags,
        summary: 'Ask the door for its status',
        description:
          'A driver that cannot be reached or fails gives status "error", with the reason in `detail`.',
        params: doorParams,
        response: { 200: envelopeOf(doorStatusSchema) },
      },
    },
    async (request) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      await authorize(request, ctx, 'doorRead', { buildingId: door.buildingId });
      return ok(await readDoorStatus(ctx, door));
    },
  );

  api.post(
    '/buildings/:buildingId/doors/:doorId/open',
    {
      config: { oauth2Scopes: ['doors:open'] },
      schema: {
        tags,
        summary: 'Open a door remotely',
        description:
          'Building managers may always; members of a unit while one of its entry schedules lets them through ' +
          '(else 403 `outside_schedule`, logged as refused). Every attempt is written to the door log; a driver ' +
          'failure answers 502 (and is logged). `via` says where Open was pressed.',
        params: doorParams,
        body: doorOpenBodySchema,
        response: { 200: envelopeOf(doorOpenResultSchema) },
      },
    },
    async (request) => {
      const door = await requireDoorForOpen(ctx, request.params.buildingId, request.params.doorId);
      const { user, oauth2 } = requireAuth(request);
      // A third-party app opens as the user, within the user's own rights, and is named in the log.
      const actor: OpenActor = oauth2
        ? { type: 'api_client', userId: user.id, oauth2ClientId: oauth2.clientId }
        : { type: 'user', userId: user.id, method: request.body.via };
      const roleData = await roleDataOf(request, ctx);
      if (can(roleData, 'doorOpen', { buildingId: door.buildingId }))
        return ok(await ctx.doorOpener.open(door, actor));

      // Not a manager: only through an entry schedule of one of the person's units.
      if (!can(roleData, 'doorRead', { buildingId: door.buildingId })) throw forbidden();
      const [open] = await openSchedulesNow(ctx.db, roleData.uMemberOfUnit, new Date(), door.id);
      if (!open) {
        const reason = 'outside_schedule: no entry schedule of the person’s units lets them through now';
        await ctx.doorOpener.refuse(door, actor, reason);
        throw new AppError('forbidden', 'You may not open this door now', {
          items: [{ code: 'outside_schedule', message: 'This door is not open to you at this time' }],
        });
      }
      return ok(await ctx.doorOpener.open(door, { ...actor, unitId: open.unit.id }));
    },
  );

  api.put(
    '/buildings/:buildingId/doors/:doorId/pincode',
    {
      schema: {
        tags,
        summary: 'Set the door’s keypad PIN code',
        description:
          'Stored as an argon2 hash; never returned. For a Salto KS door the PIN is first set on the door’s ' +
          'own Salto KS site user (502 when Salto KS refuses it, and nothing changes).',
        params: doorParams,
        body: pincodeBodySchema,
        response: { 200: doorReply },
      },
    },
    async (request) => {
      const door = await requireDoor(ctx, request.params.buildingId, request.params.doorId);
      await authorize(request, ctx, 'doorUpdate', { buildingId: door.buildingId });
      // A provider's lock (Salto KS) takes the PIN first; the hash is kept for intercom keypads too.
      const provider = await setProviderPin(ctx, door, request.body.pincode);
      ctx.doorCache.forget(door.id);
      const row = await updateDoor(ctx.db, door.id, {
        pincodeHash: await ctx.passwords.hash(request.body.pincode),
        ...provider,
      });
      return ok(doorView(row));
    },
  );
}
