import {
  bulkValidationSchema,
  memberBulkCreateBodySchema,
  memberCreateBodySchema,
  memberSchema,
  memberUpdateBodySchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth } from '../../http/authenticate.js';
import { allows, authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { requireUnit } from '../units/service.js';
import { bulkValidation, csvUploadDescription, readCsvUpload, registerUploadScope } from './bulk-upload.js';
import { deleteMember, listMembers, updateMemberRole } from './repository.js';
import {
  addMember,
  addMembers,
  MEMBER_COLUMNS,
  memberView,
  requireMember,
  resendMemberInvite,
  validateMemberRows,
} from './service.js';

const tags = ['Members'];
const unitParams = z.object({ unitId: z.uuid() });
const memberParams = z.object({ unitId: z.uuid(), memberId: z.uuid() });
const memberReply = envelopeOf(memberSchema);

/**
 * The people of a unit (decision 006). Every check uses the unit alone as context, so a member or
 * unit manager of one unit has no say over another unit of the same building.
 */
export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The unit (404 when unknown) once the caller may do `action` on it (else 403). */
  async function unitFor(
    request: Parameters<typeof authorize>[0],
    unitId: string,
    action: Parameters<typeof authorize>[2],
  ) {
    const found = await requireUnit(ctx, unitId);
    await authorize(request, ctx, action, { unitId: found.unit.id });
    return found.unit;
  }

  api.get(
    '/units/:unitId/members',
    {
      schema: {
        tags,
        summary: 'The members of a unit',
        params: unitParams,
        response: { 200: envelopeOf(z.array(memberSchema)) },
      },
    },
    async (request) => {
      const unit = await unitFor(request, request.params.unitId, 'memberRead');
      const showPhone = await allows(request, ctx, 'memberUpdate', { unitId: unit.id });
      return ok((await listMembers(ctx.db, unit.id)).map((member) => memberView(member, showPhone)));
    },
  );

  api.post(
    '/units/:unitId/members',
    {
      schema: {
        tags,
        summary: 'Add someone to the unit',
        description:
          'An existing account joins at once; a new email gets an account and an invite mail (name and phone ' +
          'only fill in a new account). 409 with error code `already_member` on `email` when the person ' +
          'already belongs to the unit.',
        params: unitParams,
        body: memberCreateBodySchema,
        response: { 201: memberReply },
      },
    },
    async (request, reply) => {
      const unit = await unitFor(request, request.params.unitId, 'memberCreate');
      const added = await addMember(ctx, unit.id, request.body, requireAuth(request).user);
      return reply.code(201).send(ok(memberView(added)));
    },
  );

  registerUploadScope(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/units/:unitId/members/bulk_validate',
      {
        schema: {
          tags,
          summary: 'Check a CSV file of people to add',
          description: `Columns \`${MEMBER_COLUMNS.join(',')}\` (\`role\` optional, default member). ${csvUploadDescription} Nothing is saved.`,
          params: unitParams,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeOf(bulkValidationSchema) },
        },
      },
      async (request) => {
        const unit = await unitFor(request, request.params.unitId, 'memberCreate');
        const rows = await readCsvUpload(request, { known: MEMBER_COLUMNS, required: ['email'] });
        return ok(bulkValidation(await validateMemberRows(ctx, unit.id, rows)));
      },
    );
  });

  api.post(
    '/units/:unitId/members/bulk_create',
    {
      schema: {
        tags,
        summary: 'Add many people at once (all or nothing)',
        description:
          'Every row is checked first; any bad row (including a duplicate email or someone already in the unit) ' +
          'answers 422 with fields `members.{index}.{field}` and creates nothing. Otherwise all memberships and ' +
          'invites are made in one transaction.',
        params: unitParams,
        body: memberBulkCreateBodySchema,
        response: { 201: envelopeOf(z.array(memberSchema)) },
      },
    },
    async (request, reply) => {
      const unit = await unitFor(request, request.params.unitId, 'memberCreate');
      const added = await addMembers(ctx, unit.id, request.body.members, requireAuth(request).user);
      return reply.code(201).send(ok(added.map((member) => memberView(member))));
    },
  );

  api.get(
    '/units/:unitId/members/:memberId',
    {
      schema: { tags, summary: 'One member', params: memberParams, response: { 200: memberReply } },
    },
    async (request) => {
      const unit = await unitFor(request, request.params.unitId, 'memberRead');
      const showPhone = await allows(request, ctx, 'memberUpdate', { unitId: unit.id });
      return ok(memberView(await requireMember(ctx, unit.id, request.params.memberId), showPhone));
    },
  );

  api.put(
    '/units/:unitId/members/:memberId',
    {
      schema: {
        tags,
        summary: 'Change a member’s role in the unit',
        params: memberParams,
        body: memberUpdateBodySchema,
        response: { 200: memberReply },
      },
    },
    async (request) => {
      const unit = await unitFor(request, request.params.unitId, 'memberUpdate');
      const found = await requireMember(ctx, unit.id, request.params.memberId);
      const membership = await updateMemberRole(ctx.db, found.membership.id, request.body.role);
      ctx.authCache.forgetUser(found.user.id);
      return ok(memberView({ membership, user: found.user }));
    },
  );

  api.delete(
    '/units/:unitId/members/:memberId',
    {
      schema: {
        tags,
        summary: 'Remove someone from the unit',
        description: 'A person who leaves the unit also stops being its delegate. Their account stays.',
        params: memberParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const unit = await unitFor(request, request.params.unitId, 'memberDelete');
      const found = await requireMember(ctx, unit.id, request.params.memberId);
      await ctx.db.transaction((tx) => deleteMember(tx, found.membership));
      ctx.authCache.forgetUser(found.user.id);
      return ok(null);
    },
  );

  api.post(
    '/units/:unitId/members/:memberId/resend_invite',
    {
      schema: {
        tags,
        summary: 'Send the invite mail again',
        description: '409 with error code `invite_accepted` once the person has chosen a password.',
        params: memberParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const unit = await unitFor(request, request.params.unitId, 'memberCreate');
      const found = await requireMember(ctx, unit.id, request.params.memberId);
      await resendMemberInvite(ctx, found, requireAuth(request).user);
      return ok(null);
    },
  );
}
