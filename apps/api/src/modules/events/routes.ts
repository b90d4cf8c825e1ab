import type { BuildingEvent } from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth } from '../../http/authenticate.js';
import { allows, authorize } from '../../http/authorize.js';
import { notFound } from '../../http/errors.js';
import { findBuilding } from '../buildings/repository.js';
import { findActiveSessionWithUser } from '../sessions/repository.js';

/**
 * `GET /buildings/{id}/events`: server-sent events for one building, with a comment line every
 * heartbeat (EVENTS_HEARTBEAT_SECONDS) so proxies keep the connection open. The stream is written by hand
 * (the reply is hijacked from Fastify), so the security headers set earlier are copied over, and
 * every open stream is ended when the server shuts down, or shutdown would wait for them forever.
 */
export function registerEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const openStreams = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of openStreams) end();
    done();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/buildings/:id/events',
    {
      schema: {
        tags: ['Buildings'],
        summary: 'Live events of a building (server-sent events: door_status, door_opened)',
        params: z.object({ id: z.uuid() }),
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const buildingId = request.params.id;
      if (!(await findBuilding(ctx.db, buildingId))) throw notFound('Building');
      await authorize(request, ctx, 'buildingRead', { buildingId });
      // Who opened which door is door-log information: only those who may read the log get it.
      const seesOpens = await allows(request, ctx, 'doorLogRead', { buildingId });
      const seesCalls = await allows(request, ctx, 'callRead', { buildingId });
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

      const send = (event: BuildingEvent) => {
        if (event.building_id !== buildingId) return;
        if (event.type === 'door_opened' && !seesOpens) return;
        if (event.type === 'call' && !seesCalls) return;
        raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = ctx.events.subscribe(send);
      // Each heartbeat also checks the session: a stream ends soon after its session does.
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
    },
  );
}
