import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';

const tags = ['Health'];
const statusReply = envelopeOf(z.object({ status: z.literal('ok') }));

/** Liveness: the process answers. Readiness: it can reach its database. */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/health/liveness',
    {
      config: { public: true },
      schema: { tags, summary: 'The process is up', response: { 200: statusReply } },
    },
    async () => ok({ status: 'ok' as const }),
  );
  api.get(
    '/health/readiness',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The process can serve requests (database reachable)',
        response: { 200: statusReply },
      },
    },
    async (request) => {
      try {
        await ctx.database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new AppError('unavailable', 'The database is not reachable');
      }
      return ok({ status: 'ok' as const });
    },
  );
}
