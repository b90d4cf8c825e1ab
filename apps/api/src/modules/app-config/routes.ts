import { APP_VERSION, appConfigSchema } from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { envelopeOf, ok } from '../../http/envelope.js';

/** What the dashboard needs before sign-in: version rules and the support links (configuration). */
export function registerAppConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/app_config',
    {
      config: { public: true },
      schema: {
        tags: ['App'],
        summary: 'Public settings for the dashboard',
        response: { 200: envelopeOf(appConfigSchema) },
      },
    },
    async () =>
      ok({
        version: APP_VERSION,
        min_app_version: ctx.config.minAppVersion,
        feedback_email: ctx.config.links.feedbackEmail,
        support_url: ctx.config.links.supportUrl,
        website_url: ctx.config.links.websiteUrl,
      }),
  );
}
