import {
  pageMetaSchema,
  userListQuerySchema,
  userPreloadsQuerySchema,
  userSchema,
  userUpdateBodySchema,
} from '@gatehouse/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { requireAuth } from '../../http/authenticate.js';
import { authorize } from '../../http/authorize.js';
import { envelopeOf, ok } from '../../http/envelope.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { pageMeta, pageWindow } from '../../http/pagination.js';
import { listActiveSessions, revokeSession } from '../sessions/repository.js';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  listManagershipsOfUser,
  listMembershipsOfUser,
  listUsers,
  updateUser,
} from './repository.js';
import { userView } from './service.js';

const tags = ['Users'];
const idParams = z.object({ id: z.uuid() });
const userReply = envelopeOf(userSchema);

function selfConflict(code: string, message: string) {
  return new AppError('conflict', message, { items: [{ code, message }] });
}

/** Every user account, for a superadmin (spec 7 "Users and others"; the dashboard's Accounts pages). */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function requireUser(id: string) {
    const user = await findUserById(ctx.db, id);
    if (!user) throw notFound('User');
    return user;
  }

  api.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'User accounts (superadmin)',
        querystring: userListQuerySchema,
        response: { 200: envelopeOf(z.array(userSchema), pageMetaSchema) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'userList');
      const { search, sort, order } = request.query;
      const { rows, total } = await listUsers(ctx.db, {
        search,
        sort,
        order,
        ...pageWindow(request.query),
      });
      return ok(rows.map(userView), pageMeta(request.query, total));
    },
  );

  api.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'One user account (superadmin)',
        params: idParams,
        querystring: userPreloadsQuerySchema,
        response: { 200: userReply },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'userRead');
      const user = await requireUser(request.params.id);
      const { preloads } = request.query;
      const extras: Record<string, unknown> = {};
      if (preloads.has('memberships_unit_building')) {
        extras.memberships_unit_building = await listMembershipsOfUser(ctx.db, user.id);
      }
      if (preloads.has('managerships_building'))
        extras.managerships_building = await listManagershipsOfUser(ctx.db, user.id);
      if (preloads.has('sessions')) {
        extras.sessions = (await listActiveSessions(ctx.db, user.id)).map((session) => ({
          id: session.id,
          user_agent: session.userAgent,
          ip: session.ip,
          inserted_at: session.insertedAt.toISOString(),
          last_used_at: session.lastUsedAt.toISOString(),
          expires_at: session.expiresAt.toISOString(),
        }));
      }
      return ok({ ...userView(user), ...extras });
    },
  );

  api.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change a user account (superadmin)',
        description:
          'An email set here takes effect at once. A superadmin cannot take away their own superadmin flag.',
        params: idParams,
        body: userUpdateBodySchema,
        response: { 200: userReply },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'userUpdate');
      const user = await requireUser(request.params.id);
      const { email, first_name, last_name, phone, locale, is_superadmin } = request.body;
      if (is_superadmin === false && user.id === requireAuth(request).user.id) {
        throw selfConflict('cannot_demote_self', 'You cannot take away your own superadmin rights');
      }
      if (
        email &&
        email.toLowerCase() !== user.email.toLowerCase() &&
        (await findUserByEmail(ctx.db, email))
      ) {
        throw conflict('Another account uses this email address', 'email');
      }
      const updated = await updateUser(ctx.db, user.id, {
        ...(email !== undefined ? { email, pendingEmail: null } : {}),
        ...(first_name !== undefined ? { firstName: first_name } : {}),
        ...(last_name !== undefined ? { lastName: last_name } : {}),
        ...(phone !== undefined ? { phone } : {}),
        ...(locale !== undefined ? { locale } : {}),
        ...(is_superadmin !== undefined ? { isSuperadmin: is_superadmin } : {}),
      });
      ctx.authCache.forgetUser(user.id);
      return ok(userView(updated));
    },
  );

  api.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user account (superadmin)',
        description:
          'Every session of the user ends at once; their memberships and managerships go with the account.',
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'userDelete');
      const user = await requireUser(request.params.id);
      if (user.id === requireAuth(request).user.id) {
        throw selfConflict('cannot_delete_self', 'You cannot delete your own account here');
      }
      await deleteUser(ctx.db, user.id);
      ctx.authCache.forgetUser(user.id);
      return ok(null);
    },
  );

  api.delete(
    '/users/:id/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'End one session of a user (superadmin)',
        params: z.object({ id: z.uuid(), sessionId: z.uuid() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await authorize(request, ctx, 'userUpdate');
      const user = await requireUser(request.params.id);
      if (!(await revokeSession(ctx.db, request.params.sessionId, 'ended_by_superadmin', user.id)))
        throw notFound('Session');
      ctx.authCache.forgetSession(request.params.sessionId);
      return ok(null);
    },
  );
}
