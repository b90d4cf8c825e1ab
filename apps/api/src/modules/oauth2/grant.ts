import type { OAuth2Scope, RoleData } from '@gatehouse/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oauth2Authorizations, units, users } from '../../db/schema.js';
import type { SessionRow } from '../sessions/repository.js';
import type { UserRow } from '../users/repository.js';

/** What a third-party app's access token stands for on a call (request.auth.oauth2). */
export interface OAuth2Grant {
  authorizationId: string;
  clientId: string;
  /** The grant's scopes: a token may carry fewer (a refresh may narrow them), never more. */
  scopes: readonly OAuth2Scope[];
  /** Narrowing: the grant covers only this building (also set for a door grant: the door's building). */
  buildingId: string | null;
  doorId: string | null;
  /** When `last_used_at` was last written, to write it at most once a minute. */
  lastUsedAt: Date | null;
}

/** The live grant and its user, in one query (the hot path of every call with an app's token). */
export async function findLiveGrantWithUser(
  db: Executor,
  authorizationId: string,
): Promise<{ grant: OAuth2Grant; user: UserRow; insertedAt: Date } | undefined> {
  const [row] = await db
    .select({ authorization: oauth2Authorizations, user: users })
    .from(oauth2Authorizations)
    .innerJoin(users, eq(users.id, oauth2Authorizations.userId))
    .where(and(eq(oauth2Authorizations.id, authorizationId), isNull(oauth2Authorizations.revokedAt)))
    .limit(1);
  if (!row) return undefined;
  const { authorization } = row;
  return {
    user: row.user,
    insertedAt: authorization.insertedAt,
    grant: {
      authorizationId: authorization.id,
      clientId: authorization.clientId,
      scopes: authorization.scopes as OAuth2Scope[],
      buildingId: authorization.buildingId,
      doorId: authorization.doorId,
      lastUsedAt: authorization.lastUsedAt,
    },
  };
}

const farFuture = new Date(8_640_000_000_000_000);

/**
 * A grant stands where a session stands on a user's own calls: the session cache holds it under
 * the grant's id (notifications `a:<id>` drop it), and role data is cached per grant. Routes an app
 * may reach never read the session (they declare `oauth2Scopes`; session routes do not).
 */
export function grantSession(grant: OAuth2Grant, userId: string, insertedAt: Date): SessionRow {
  return {
    id: grant.authorizationId,
    userId,
    refreshJti: grant.authorizationId,
    kind: 'oauth2',
    userAgent: null,
    ip: null,
    insertedAt,
    lastUsedAt: grant.lastUsedAt ?? insertedAt,
    // Tokens expire on their own; the grant ends only when revoked.
    expiresAt: farFuture,
    revokedAt: null,
    revokedReason: null,
  };
}

/**
 * The user's role data limited to one building: what an app with a building or door grant may
 * reach, as the permission table sees it. A superadmin narrowed to a building acts as its manager.
 */
export async function narrowRoleData(db: Executor, role: RoleData, buildingId: string): Promise<RoleData> {
  const unitRows = await db.select({ id: units.id }).from(units).where(eq(units.buildingId, buildingId));
  const unitIds = new Set(unitRows.map((unit) => unit.id));
  const inBuilding = (ids: readonly string[]) => ids.filter((id) => id === buildingId);
  const inUnits = (ids: readonly string[]) => ids.filter((id) => unitIds.has(id));
  return {
    isSuperadmin: false,
    bManagerOfBuilding: role.isSuperadmin ? [buildingId] : inBuilding(role.bManagerOfBuilding),
    bManagerOfUnit: role.isSuperadmin ? [...unitIds] : inUnits(role.bManagerOfUnit),
    uManagerOfBuilding: inBuilding(role.uManagerOfBuilding),
    uManagerOfUnit: inUnits(role.uManagerOfUnit),
    uInviteMemberOfBuilding: inBuilding(role.uInviteMemberOfBuilding),
    uInviteMemberOfUnit: inUnits(role.uInviteMemberOfUnit),
    uMemberOfBuilding: inBuilding(role.uMemberOfBuilding),
    uMemberOfUnit: inUnits(role.uMemberOfUnit),
  };
}
