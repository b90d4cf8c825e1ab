import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Action,
  callListQuerySchema,
  callSchema,
  cursorMetaSchema,
  doorLogListQuerySchema,
  doorLogSchema,
} from '@gatehouse/core';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { requireBuilding } from '../buildings/service.js';
import { doorFilterOf } from '../oauth2/narrowing.js';
import type { Cursor } from './cursor.js';
import { type CallFilters, type DoorLogFilters, pageCalls, pageDoorLogs } from './repository.js';
import { callView, doorLogView, readPage, walkRows } from './service.js';

const tags = ['Activity'];
const idParams = z.object({ id: z.uuid() });

type DoorLogQuery = z.output<typeof doorLogListQuerySchema>;
type CallQuery = z.output<typeof callListQuerySchema>;

const doorLogFilters = (q: DoorLogQuery): DoorLogFilters => ({
  from: q.from,
  to: q.to,
  doorId: q.door_id,
  unitId: q.unit_id,
  userId: q.user_id,
  visitorId: q.visitor_id,
  result: q.result,
  method: q.method,
  q: q.q,
});

const callFilters = (q: CallQuery): CallFilters => ({
  from: q.from,
  to: q.to,
  doorId: q.door_id,
  unitId: q.unit_id,
  userId: q.user_id,
  status: q.status,
  q: q.q,
});

/** A building's local date and time, for people reading the CSV in a spreadsheet. */
function localTime(timeZone: string) {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (instant: string) => format.format(new Date(instant));
}

/**
 * Streams rows as a CSV file: rows come batch by batch from a keyset walk and go out through a
 * back-pressured pipeline, so an export of millions of rows holds one batch in memory at a time.
 */
async function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: string[],
  rows: AsyncIterable<Row>,
  toRecord: (row: Row) => unknown[],
) {
  const csv = stringify({ header: true, columns });
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield toRecord(row);
    })(),
  );
  pipeline(records, csv).catch((error) => reply.log.warn({ err: error }, 'CSV export stopped'));
  return reply.send(csv);
}

export function registerActivityRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function readableBuilding(request: FastifyRequest, buildingId: string, action: Action) {
    const building = await requireBuilding(ctx, buildingId);
    await authorize(request, ctx, action, { buildingId: building.id });
    return building;
  }

  /**
   * A page needs only the building's id, and the permission check needs no database: the building
   * is looked up only when the page is empty (to answer 404 for an unknown building). This saves a
   * round trip on the busiest reads.
   */
  async function readPageOf<Row extends { id: string; cursor_at: string }>(
    request: FastifyRequest,
    buildingId: string,
    action: Action,
    fetchRows: (cursor: Cursor | undefined, limit: number) => Promise<Row[]>,
    query: { cursor?: string; limit: number },
  ) {
    await authorize(request, ctx, action, { buildingId });
    const page = await readPage(fetchRows, query.cursor, query.limit);
    if (page.rows.length === 0) await requireBuilding(ctx, buildingId);
    return page;
  }

  api.get(
    '/buildings/:id/door_logs',
    {
      config: { oauth2Scopes: ['activity:read'] },
      schema: {
        tags,
        summary: 'Door activity: every open attempt, newest first',
        description:
          'Filters combine; pages follow `meta.next_cursor` (keyset, stable while new rows arrive).',
        params: idParams,
        querystring: doorLogListQuerySchema,
        response: { 200: envelopeOf(z.array(doorLogSchema), cursorMetaSchema) },
      },
    },
    async (request) => {
      const buildingId = request.params.id;
      const filters = doorLogFilters(request.query);
      filters.doorId = doorFilterOf(request, filters.doorId);
      const { rows, nextCursor } = await readPageOf(
        request,
        buildingId,
        'doorLogRead',
        (cursor: Cursor | undefined, limit: number) =>
          pageDoorLogs(ctx.database, buildingId, filters, cursor, limit),
        request.query,
      );
      return ok(rows.map(doorLogView), { next_cursor: nextCursor });
    },
  );

  api.get(
    '/buildings/:id/door_logs.csv',
    {
      schema: {
        tags,
        summary: 'Door activity as a CSV file (same filters), streamed',
        params: idParams,
        querystring: doorLogListQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const building = await readableBuilding(request, request.params.id, 'doorLogRead');
      const filters = doorLogFilters(request.query);
      const local = localTime(building.timeZone);
      const rows = walkRows((cursor: Cursor | undefined, limit: number) =>
        pageDoorLogs(ctx.database, building.id, filters, cursor, limit),
      );
      return sendCsv(
        reply,
        `door-activity-${building.id}.csv`,
        [
          'occurred_at',
          'local_time',
          'door',
          'person',
          'email',
          'visitor',
          'intercom',
          'unit',
          'method',
          'app',
          'result',
          'reason',
          'elevator',
        ],
        rows,
        (row) => {
          const view = doorLogView(row);
          const elevator = view.elevator_call;
          return [
            view.occurred_at,
            local(view.occurred_at),
            view.door?.name,
            view.user?.name,
            view.user?.email,
            view.visitor?.name,
            view.intercom?.name,
            view.unit?.name,
            view.method,
            view.oauth2_client?.name,
            view.result,
            view.reason,
            // e.g. "called to 3000" or "failed to 3000: KONE did not answer"
            elevator
              ? `${elevator.result} to ${elevator.destination_area}${elevator.reason ? `: ${elevator.reason}` : ''}`
              : undefined,
          ];
        },
      );
    },
  );

  api.get(
    '/buildings/:id/calls',
    {
      config: { oauth2Scopes: ['activity:read'] },
      schema: {
        tags,
        summary: 'Intercom activity: every call, newest first',
        description:
          'Filters combine; pages follow `meta.next_cursor` (keyset, stable while new rows arrive).',
        params: idParams,
        querystring: callListQuerySchema,
        response: { 200: envelopeOf(z.array(callSchema), cursorMetaSchema) },
      },
    },
    async (request) => {
      const buildingId = request.params.id;
      const filters = callFilters(request.query);
      filters.doorId = doorFilterOf(request, filters.doorId);
      const { rows, nextCursor } = await readPageOf(
        request,
        buildingId,
        'callRead',
        (cursor: Cursor | undefined, limit: number) =>
          pageCalls(ctx.database, buildingId, filters, cursor, limit),
        request.query,
      );
      return ok(rows.map(callView), { next_cursor: nextCursor });
    },
  );

  api.get(
    '/buildings/:id/calls.csv',
    {
      schema: {
        tags,
        summary: 'Intercom activity as a CSV file (same filters), streamed',
        params: idParams,
        querystring: callListQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const building = await readableBuilding(request, request.params.id, 'callRead');
      const filters = callFilters(request.query);
      const local = localTime(building.timeZone);
      const rows = walkRows((cursor: Cursor | undefined, limit: number) =>
        pageCalls(ctx.database, building.id, filters, cursor, limit),
      );
      return sendCsv(
        reply,
        `intercom-activity-${building.id}.csv`,
        [
          'started_at',
          'local_time',
          'door',
          'intercom',
          'unit',
          'status',
          'answered_at',
          'ended_at',
          'duration_seconds',
          'door_opened',
        ],
        rows,
        (row) => {
          const view = callView(row);
          return [
            view.started_at,
            local(view.started_at),
            view.door?.name,
            view.intercom?.name,
            view.unit?.name,
            view.status,
            view.answered_at,
            view.ended_at,
            view.duration_seconds,
            view.door_opened ? 'yes' : 'no',
          ];
        },
      );
    },
  );
}
