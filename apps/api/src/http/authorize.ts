import { type Action, can, type PermissionContext } from '@gatehouse/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { roleDataOf } from './authenticate.js';
import { forbidden } from './errors.js';

/** The server side of spec 6: refuses (403) unless the caller may do `action` on `context`. */
export async function authorize(
  request: FastifyRequest,
  ctx: AppContext,
  action: Action,
  context: PermissionContext = {},
): Promise<void> {
  if (!can(await roleDataOf(request, ctx), action, context)) throw forbidden();
}

/** Whether the caller may do `action`; for optional parts of a reply (activity counts, secrets). */
export async function allows(
  request: FastifyRequest,
  ctx: AppContext,
  action: Action,
  context: PermissionContext = {},
): Promise<boolean> {
  return can(await roleDataOf(request, ctx), action, context);
}
