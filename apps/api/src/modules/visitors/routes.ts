import {
  bulkValidationSchema,
  visitorBulkCreateBodySchema,
  visitorCreateBodySchema,
  visitorSchema,
  visitorUpdateBodySchema,
} from '@gatehouse/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth } from '../../http/authenticate.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import {
  bulkValidation,
  csvUploadDescription,
  readCsvUpload,
  registerUploadScope,
} from '../members/bulk-upload.js';
import { requireUnit } from '../units/service.js';
import { registerVisitorLinkRoutes } from './link-routes.js';
import { deleteVisitor, listVisitors } from './repository.js';
import {
  changeVisitor,
  createVisitors,
  requireVisitor,
  resendVisitorLink,
  VISITOR_COLUMNS,
  validateVisitorRows,
  visitorView,
} from './service.js';

const tags = ['Visitors'];
const unitParams = z.object({ unitId: z.uuid() });
const visitorParams = z.object({ unitId: z.uuid(), visitorId: z.uuid() });
const visitorReply = envelopeOf(visitorSchema);

/**
 * A unit's visitors (decision 006): reading needs `visitorRead`, every change `visitorAll` (so an
 * invite-member manages visitors and a plain member only sees them), both on the unit alone.
 * The visitor's own calls, with the link as credential, are in link-routes.ts.
 */
export function registerVisitorRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  registerVisitorLinkRoutes(app, ctx);

  /** The unit (404 when unknown) once the caller may do `action` on it (else 403). */
  async function unitFor(request: FastifyRequest, unitId: string, action: 'visitorRead' | 'visitorAll') {
    const found = await requireUnit(ctx, unitId);
    await authorize(request, ctx, action, { unitId: found.unit.id });
    return found;
  }

  api.get(
    '/units/:unitId/visitors',
    {
      schema: {
        tags,
        summary: 'The visitors of a unit, the latest visit first',
        params: unitParams,
        response: { 200: envelopeOf(z.array(visitorSchema)) },
      },
    },
    async (request) => {
      const { unit } = await unitFor(request, request.params.unitId, 'visitorRead');
      const now = new Date();
      return ok((await listVisitors(ctx.db, unit.id)).map((visitor) => visitorView(ctx, visitor, now)));
    },
  );

  api.post(
    '/units/:unitId/visitors',
    {
      schema: {
        tags,
        summary: 'Invite a visitor',
        description:
          'The link works from `valid_from` (default now) until `valid_until` (default 24 hours after the start). ' +
          'With an email address, the visitor gets the link by mail.',
        params: unitParams,
        body: visitorCreateBodySchema,
        response: { 201: visitorReply },
      },
    },
    async (request, reply) => {
      const { unit } = await unitFor(request, request.params.unitId, 'visitorAll');
      const [visitor] = await createVisitors(ctx, unit.id, [request.body], requireAuth(request).user);
      return reply.code(201).send(ok(visitorView(ctx, visitor!)));
    },
  );

  registerUploadScope(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/units/:unitId/visitors/bulk_validate',
      {
        schema: {
          tags,
          summary: 'Check a CSV file of visitors to invite',
          description:
            `Columns \`${VISITOR_COLUMNS.join(',')}\` (only \`name\` required). Times in ISO 8601 with an offset, ` +
            `or \`YYYY-MM-DD HH:MM\` in the building’s time zone. ${csvUploadDescription} Nothing is saved.`,
          params: unitParams,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(bulkValidationSchema) },
        },
      },
      async (request) => {
        const { building } = await unitFor(request, request.params.unitId, 'visitorAll');
        const rows = await readCsvUpload(request, { known: VISITOR_COLUMNS, required: ['name'] });
        return ok(bulkValidation(validateVisitorRows(rows, building.timeZone)));
      },
    );
  });

  api.post(
    '/units/:unitId/visitors/bulk_create',
    {
      schema: {
        tags,
        summary: 'Invite many visitors at once (all or nothing)',
        description:
          'Every row is checked first; any bad row answers 422 with fields `visitors.{index}.{field}` and creates ' +
          'nothing. Otherwise all visitors are made, and their links mailed, in one transaction.',
        params: unitParams,
        body: visitorBulkCreateBodySchema,
        response: { 201: envelopeOf(z.array(visitorSchema)) },
      },
    },
    async (request, reply) => {
      const { unit } = await unitFor(request, request.params.unitId, 'visitorAll');
      const { user } = requireAuth(request);
      const created = await createVisitors(ctx, unit.id, request.body.visitors, user, 'visitors');
      const now = new Date();
      return reply.code(201).send(ok(created.map((visitor) => visitorView(ctx, visitor, now))));
    },
  );

  api.get(
    '/units/:unitId/visitors/:visitorId',
    {
      schema: { tags, summary: 'One visitor', params: visitorParams, response: { 200: visitorReply } },
    },
    async (request) => {
      const { unit } = await unitFor(request, request.params.unitId, 'visitorRead');
      return ok(visitorView(ctx, await requireVisitor(ctx, unit.id, request.params.visitorId)));
    },
  );

  api.put(
    '/units/:unitId/visitors/:visitorId',
    {
      schema: {
        tags,
        summary: 'Change a visitor',
        description:
          '`revoked: true` stops the link at once; `revoked: false` lets it work again (within its validity).',
        params: visitorParams,
        body: visitorUpdateBodySchema,
        response: { 200: visitorReply },
      },
    },
    async (request) => {
      const { unit } = await unitFor(request, request.params.unitId, 'visitorAll');
      const visitor = await requireVisitor(ctx, unit.id, request.params.visitorId);
      return ok(visitorView(ctx, await changeVisitor(ctx, visitor, request.body)));
    },
  );

  api.delete(
    '/units/:unitId/visitors/:visitorId',
    {
      schema: {
        tags,
        summary: 'Remove a visitor (the link stops working)',
        params: visitorParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { unit } = await unitFor(request, request.params.unitId, 'visitorAll');
      const visitor = await requireVisitor(ctx, unit.id, request.params.visitorId);
      await deleteVisitor(ctx.db, visitor.id);
      return ok(null);
    },
  );

  api.post(
    '/units/:unitId/visitors/:visitorId/resend_invite',
    {
      schema: {
        tags,
        summary: 'Mail the visitor their link again',
        description:
          '422 on `email` when the visitor has no email address; 409 (`link_revoked`, `link_expired`) when the ' +
          'link no longer works.',
        params: visitorParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { unit } = await unitFor(request, request.params.unitId, 'visitorAll');
      const visitor = await requireVisitor(ctx, unit.id, request.params.visitorId);
      await resendVisitorLink(ctx, visitor, requireAuth(request).user);
      return ok(null);
    },
  );
}
