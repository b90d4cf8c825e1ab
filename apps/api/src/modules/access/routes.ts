import { DOOR_LIST_LIMIT, myDoorSchema } from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { roleDataOf } from '../../http/authenticate.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { grantDoorId } from '../oauth2/narrowing.js';
import { doorsOfBuildings } from './repository.js';
import { openSchedulesNow } from './service.js';

/** `time` columns read back as HH:MM:SS. */
const clock = (time: string) => time.slice(0, 5);

export function registerAccessRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me/doors',
    {
      config: { oauth2Scopes: ['doors:read'] },
      schema: {
        tags: ['Account'],
        summary: 'The doors the signed-in user may open now, and why',
        description:
          'A superadmin and building managers may open the doors of their buildings at any time; members through ' +
          'the entry schedules of their units, while a schedule lets them through (building time zone).',
        response: { 200: envelopeOf(z.array(myDoorSchema)) },
      },
    },
    async (request) => {
      const roleData = await roleDataOf(request, ctx);
      const byDoor = new Map<string, z.infer<typeof myDoorSchema>>();
      const managed = await doorsOfBuildings(
        ctx.db,
        roleData.isSuperadmin ? undefined : roleData.bManagerOfBuilding,
        DOOR_LIST_LIMIT,
      );
      for (const { door, building } of managed) {
        byDoor.set(door.id, {
          id: door.id,
          name: door.name,
          is_entrance: door.isEntrance,
          status: door.status,
          building,
          reason: { type: roleData.isSuperadmin ? 'superadmin' : 'building_manager' },
        });
      }
      for (const { door, unit, building, schedule } of await openSchedulesNow(
        ctx.db,
        roleData.uMemberOfUnit,
      )) {
        if (byDoor.has(door.id)) continue;
        byDoor.set(door.id, {
          id: door.id,
          name: door.name,
          is_entrance: door.isEntrance,
          status: door.status,
          building: { id: building.id, name: building.name },
          reason: {
            type: 'schedule',
            unit,
            time_start: clock(schedule.timeStart),
            time_end: clock(schedule.timeEnd),
            date_end: schedule.dateEnd,
          },
        });
      }
      // An app limited to one door sees that door only.
      const onlyDoor = grantDoorId(request);
      return ok([...byDoor.values()].filter((door) => !onlyDoor || door.id === onlyDoor));
    },
  );
}
