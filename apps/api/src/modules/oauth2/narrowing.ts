import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { doors } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';

/*
 * A grant may be limited to one door (decision 008). Calls naming another door are refused as
 * "not found" when the request is authenticated (http/authenticate.ts); lists that could show other
 * doors use these helpers. A building limit needs nothing here: the narrowed role data does it.
 */

export async function findDoorRow(db: Executor, id: string) {
  const [row] = await db.select().from(doors).where(eq(doors.id, id)).limit(1);
  return row;
}

/** The door an app's grant is limited to; undefined for the user's own calls and unlimited grants. */
export function grantDoorId(request: FastifyRequest): string | undefined {
  return request.auth?.oauth2?.doorId ?? undefined;
}

/**
 * The door filter of an activity list: the grant's door when it has one (asking for another door
 * is 404), else what was asked for.
 */
export function doorFilterOf(request: FastifyRequest, requested: string | undefined): string | undefined {
  const doorId = grantDoorId(request);
  if (!doorId) return requested;
  if (requested && requested !== doorId) throw notFound('Door');
  return doorId;
}
