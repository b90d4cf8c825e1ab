import {
  defaultScheduleWindow,
  entryScheduleCreateBodySchema,
  entrySchedulePreloadsQuerySchema,
  entryScheduleSchema,
  entryScheduleUpdateBodySchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError, invalidField, notFound } from '../../http/errors.js';
import { findDoor } from '../doors/repository.js';
import { doorView } from '../doors/service.js';
import { requireUnit } from '../units/service.js';
import {
  deleteSchedule,
  findSchedule,
  insertSchedule,
  listSchedulesOfUnit,
  updateSchedule,
} from './repository.js';
import { scheduleView } from './service.js';

const tags = ['Entry schedules'];
const unitParams = z.object({ unitId: z.uuid() });
const scheduleParams = z.object({ unitId: z.uuid(), doorId: z.uuid() });
const scheduleReply = envelopeOf(entryScheduleSchema);

const datesOutOfOrder = () => invalidField('date_end', 'The schedule must not end before it starts');

/**
 * Entry schedules per unit and door (spec 3, 4). Granting and revoking a door (POST, DELETE) is for
 * building managers (`entryScheduleGrantRevoke`); changing the window (PUT) also for unit managers
 * (`entryScheduleUpdate`). Every check uses the unit alone as its context (decision 006).
 */
export function registerEntryScheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function requireSchedule(unitId: string, doorId: string) {
    const found = await findSchedule(ctx.db, unitId, doorId);
    if (!found) throw notFound('Entry schedule');
    return found;
  }

  api.get(
    '/units/:unitId/entry_schedules',
    {
      schema: {
        tags,
        summary: 'A unit’s entry schedules',
        params: unitParams,
        response: { 200: envelopeOf(z.array(entryScheduleSchema)) },
      },
    },
    async (request) => {
      const { unit, building } = await requireUnit(ctx, request.params.unitId);
      await authorize(request, ctx, 'entryScheduleRead', { unitId: unit.id });
      const rows = await listSchedulesOfUnit(ctx.db, unit.id);
      return ok(rows.map(({ schedule }) => scheduleView(schedule, building.timeZone)));
    },
  );

  api.post(
    '/units/:unitId/entry_schedules',
    {
      schema: {
        tags,
        summary: 'Let a unit through a door: create its entry schedule',
        description:
          'Absent dates and times take the default window: today 00:00 to tomorrow 23:59 in the building’s time zone.',
        params: unitParams,
        body: entryScheduleCreateBodySchema,
        response: { 201: scheduleReply },
      },
    },
    async (request, reply) => {
      const { unit, building } = await requireUnit(ctx, request.params.unitId);
      await authorize(request, ctx, 'entryScheduleGrantRevoke', { unitId: unit.id });
      const { door_id, ...window } = request.body;
      if (!(await findDoor(ctx.db, building.id, door_id))) {
        throw invalidField('door_id', 'This door is not in the unit’s building');
      }
      if (await findSchedule(ctx.db, unit.id, door_id)) {
        throw new AppError('conflict', 'The unit already has a schedule for this door', {
          items: [
            {
              code: 'schedule_exists',
              message: 'The unit already has a schedule for this door',
              field: 'door_id',
            },
          ],
        });
      }
      const defaults = defaultScheduleWindow(new Date(), building.timeZone);
      const values = {
        dateStart: window.date_start ?? defaults.dateStart,
        dateEnd: window.date_end ?? defaults.dateEnd,
        timeStart: window.time_start ?? defaults.timeStart,
        timeEnd: window.time_end ?? defaults.timeEnd,
      };
      if (values.dateStart > values.dateEnd) throw datesOutOfOrder();
      const row = await insertSchedule(ctx.db, { unitId: unit.id, doorId: door_id, ...values });
      return reply.code(201).send(ok(scheduleView(row, building.timeZone)));
    },
  );

  api.get(
    '/units/:unitId/entry_schedules/:doorId',
    {
      schema: {
        tags,
        summary: 'A unit’s schedule for one door',
        params: scheduleParams,
        querystring: entrySchedulePreloadsQuerySchema,
        response: { 200: scheduleReply },
      },
    },
    async (request) => {
      const { unit, building } = await requireUnit(ctx, request.params.unitId);
      await authorize(request, ctx, 'entryScheduleRead', { unitId: unit.id });
      const { schedule, door } = await requireSchedule(unit.id, request.params.doorId);
      return ok({
        ...scheduleView(schedule, building.timeZone),
        ...(request.query.preloads.has('door') ? { door: doorView(door) } : {}),
      });
    },
  );

  api.put(
    '/units/:unitId/entry_schedules/:doorId',
    {
      schema: {
        tags,
        summary: 'Change the window of a unit’s schedule for one door',
        params: scheduleParams,
        body: entryScheduleUpdateBodySchema,
        response: { 200: scheduleReply },
      },
    },
    async (request) => {
      const { unit, building } = await requireUnit(ctx, request.params.unitId);
      await authorize(request, ctx, 'entryScheduleUpdate', { unitId: unit.id });
      const { schedule } = await requireSchedule(unit.id, request.params.doorId);
      const { date_start, date_end, time_start, time_end } = request.body;
      const values = {
        dateStart: date_start ?? schedule.dateStart,
        dateEnd: date_end ?? schedule.dateEnd,
        timeStart: time_start ?? schedule.timeStart,
        timeEnd: time_end ?? schedule.timeEnd,
      };
      if (values.dateStart > values.dateEnd) throw datesOutOfOrder();
      return ok(scheduleView(await updateSchedule(ctx.db, schedule.id, values), building.timeZone));
    },
  );

  api.delete(
    '/units/:unitId/entry_schedules/:doorId',
    {
      schema: {
        tags,
        summary: 'Revoke a unit’s access through a door',
        params: scheduleParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { unit } = await requireUnit(ctx, request.params.unitId);
      await authorize(request, ctx, 'entryScheduleGrantRevoke', { unitId: unit.id });
      const { schedule } = await requireSchedule(unit.id, request.params.doorId);
      await deleteSchedule(ctx.db, schedule.id);
      return ok(null);
    },
  );
}
