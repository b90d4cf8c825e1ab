import { type BuildingEvent, can, type RoleData } from '@gatehouse/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth, roleDataOf } from '../../http/authenticate.js';
import { authorize } from '../../http/authorize.js';
import { notFound } from '../../http/errors.js';
import { findBuilding } from '../buildings/repository.js';
import { visibleBuildingIds } from '../buildings/service.js';
import { findActiveSessionWithUser } from '../sessions/repository.js';

/**
 * Whether a user may receive an event of a building they may read: who opened a door is door-log
 * information (doorLogRead), calls are call-log information (callRead); status changes are for all.
 */
function mayReceive(roleData: RoleData, event: BuildingEvent): boolean {
  const context = { buildingId: event.building_id };
  if (event.type === 'door_opened') return can(roleData, 'doorLogRead', context);
  if (event.type === 'call') return can(roleData, 'callRead', context);
  return can(roleData, 'buildingRead', context);
}

/**
 * Live events as server-sent events, with a comment line every heartbeat (EVENTS_HEARTBEAT_SECONDS)
 * so proxies keep the connection open; each heartbeat also checks the session, so a stream ends soon
 * after its session does. The reply is hijacked from Fastify and written by hand, so the security
 * headers set earlier are copied over, and every open stream ends when the server shuts down (else
 * shutdown would wait for them forever).
 */
export function registerEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const openStreams = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of openStreams) end();
    done();
  });

  function stream(request: FastifyRequest, reply: FastifyReply, accept: (event: BuildingEvent) => boolean) {
    const sessionId = requireAuth(request).session.id;
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Tells nginx-style proxies not to buffer the stream.
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 3000\n\n');
    const unsubscribe = ctx.events.subscribe((event) => {
      if (accept(event)) raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    const heartbeat = setInterval(() => {
      void findActiveSessionWithUser(ctx.db, sessionId)
        .then((active) => (active ? raw.write(': keep-alive\n\n') : end()))
        .catch(() => {});
    }, ctx.config.eventsHeartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(end);
      raw.end();
    };
    openStreams.add(end);
    request.raw.on('close', end);
  }

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/buildings/:id/events',
    {
      schema: {
        tags: ['Buildings'],
        summary: 'Live events of a building (server-sent events: door_status, door_opened, call)',
        params: z.object({ id: z.uuid() }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const buildingId = request.params.id;
      if (!(await findBuilding(ctx.db, buildingId))) throw notFound('Building');
      await authorize(request, ctx, 'buildingRead', { buildingId });
      const roleData = await roleDataOf(request, ctx);
      stream(request, reply, (event) => event.building_id === buildingId && mayReceive(roleData, event));
    },
  );

  api.get(
    '/me/events',
    {
      schema: {
        tags: ['Account'],
        summary: 'Live events of every building the signed-in user may read, on one stream (the dashboard)',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const roleData = await roleDataOf(request, ctx);
      const visible = visibleBuildingIds(roleData);
      const buildings = visible ? new Set(visible) : undefined;
      stream(
        request,
        reply,
        (event) => (!buildings || buildings.has(event.building_id)) && mayReceive(roleData, event),
      );
    },
  );
}
