import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { listOutbox } from './outbox.js';

const outboxItem = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  sent_at: z.string().nullable(),
  inserted_at: z.string(),
});

/** The mail outbox, for a superadmin: without SMTP this is where invites and reset links wait. */
export function registerMailRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/mail_outbox',
    {
      schema: {
        tags: ['Mail'],
        summary: 'Recent mails (superadmin)',
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: envelopeOf(z.array(outboxItem)) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'outboxRead');
      const rows = await listOutbox(ctx.db, request.query);
      return ok(
        rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          kind: row.kind,
          sent_at: row.sentAt?.toISOString() ?? null,
          inserted_at: row.insertedAt.toISOString(),
        })),
      );
    },
  );
}
