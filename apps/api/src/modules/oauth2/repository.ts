import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import {
  buildings,
  doors,
  oauth2Authorizations,
  oauth2Clients,
  oauth2Codes,
  oauth2RefreshTokens,
} from '../../db/schema.js';

export type OAuth2ClientRow = typeof oauth2Clients.$inferSelect;
export type OAuth2AuthorizationRow = typeof oauth2Authorizations.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Clients

export function listClients(db: Executor): Promise<OAuth2ClientRow[]> {
  return db.select().from(oauth2Clients).orderBy(oauth2Clients.name, oauth2Clients.id);
}

export async function findClient(db: Executor, id: string): Promise<OAuth2ClientRow | undefined> {
  const [row] = await db.select().from(oauth2Clients).where(eq(oauth2Clients.id, id)).limit(1);
  return row;
}

export async function insertClient(
  db: Executor,
  values: Omit<typeof oauth2Clients.$inferInsert, 'id'>,
): Promise<OAuth2ClientRow> {
  const [row] = await db
    .insert(oauth2Clients)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function updateClient(
  db: Executor,
  id: string,
  values: Partial<
    Pick<OAuth2ClientRow, 'name' | 'description' | 'redirectUris' | 'allowedScopes' | 'secretHash'>
  >,
): Promise<OAuth2ClientRow | undefined> {
  const [row] = await db
    .update(oauth2Clients)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(oauth2Clients.id, id))
    .returning();
  return row;
}

/** Deletes a client with its grants, codes and tokens (cascade); returns the grants that ended. */
export async function deleteClient(db: Executor, id: string): Promise<string[] | undefined> {
  const grants = await db
    .select({ id: oauth2Authorizations.id })
    .from(oauth2Authorizations)
    .where(eq(oauth2Authorizations.clientId, id));
  const deleted = await db
    .delete(oauth2Clients)
    .where(eq(oauth2Clients.id, id))
    .returning({ id: oauth2Clients.id });
  return deleted.length > 0 ? grants.map((grant) => grant.id) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Grants (authorizations)

export function liveGrantsOfClient(db: Executor, clientId: string): Promise<OAuth2AuthorizationRow[]> {
  return db
    .select()
    .from(oauth2Authorizations)
    .where(and(eq(oauth2Authorizations.clientId, clientId), isNull(oauth2Authorizations.revokedAt)));
}

export async function setGrantScopes(db: Executor, id: string, scopes: string[]): Promise<void> {
  await db.update(oauth2Authorizations).set({ scopes }).where(eq(oauth2Authorizations.id, id));
}

/**
 * Ends the user's live grant to the client, if any, and records the new one: one live grant per
 * user and app (a unique index holds it even under concurrent approvals). Run in a transaction.
 */
export async function replaceGrant(
  tx: Executor,
  values: {
    userId: string;
    clientId: string;
    scopes: string[];
    buildingId: string | null;
    doorId: string | null;
  },
): Promise<{ grant: OAuth2AuthorizationRow; replaced: string[] }> {
  const replaced = await tx
    .update(oauth2Authorizations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(oauth2Authorizations.userId, values.userId),
        eq(oauth2Authorizations.clientId, values.clientId),
        isNull(oauth2Authorizations.revokedAt),
      ),
    )
    .returning({ id: oauth2Authorizations.id });
  const [grant] = await tx
    .insert(oauth2Authorizations)
    .values({ id: newId(), ...values })
    .returning();
  return { grant: grant!, replaced: replaced.map((row) => row.id) };
}

/** Ends a grant (with `userId`, only that user's). Returns false when nothing ended. */
export async function revokeGrant(db: Executor, id: string, userId?: string): Promise<boolean> {
  const rows = await db
    .update(oauth2Authorizations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(oauth2Authorizations.id, id),
        isNull(oauth2Authorizations.revokedAt),
        userId ? eq(oauth2Authorizations.userId, userId) : undefined,
      ),
    )
    .returning({ id: oauth2Authorizations.id });
  return rows.length > 0;
}

export async function touchGrant(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(oauth2Authorizations).set({ lastUsedAt: at }).where(eq(oauth2Authorizations.id, id));
}

const grantColumns = {
  grant: oauth2Authorizations,
  client: { id: oauth2Clients.id, name: oauth2Clients.name, description: oauth2Clients.description },
  building: { id: buildings.id, name: buildings.name },
  door: { id: doors.id, name: doors.name },
};

/** A user's live grants with the app, building and door they name, newest first. */
export function listUserGrants(db: Executor, userId: string, id?: string) {
  return db
    .select(grantColumns)
    .from(oauth2Authorizations)
    .innerJoin(oauth2Clients, eq(oauth2Clients.id, oauth2Authorizations.clientId))
    .leftJoin(buildings, eq(buildings.id, oauth2Authorizations.buildingId))
    .leftJoin(doors, eq(doors.id, oauth2Authorizations.doorId))
    .where(
      and(
        eq(oauth2Authorizations.userId, userId),
        isNull(oauth2Authorizations.revokedAt),
        id ? eq(oauth2Authorizations.id, id) : undefined,
      ),
    )
    .orderBy(desc(oauth2Authorizations.insertedAt), desc(oauth2Authorizations.id));
}

export type UserGrantRow = Awaited<ReturnType<typeof listUserGrants>>[number];

// ---------------------------------------------------------------------------------------------
// Authorization codes and refresh tokens (only hashes are stored)

export async function insertCode(
  db: Executor,
  values: Omit<typeof oauth2Codes.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(oauth2Codes).values({ id: newId(), ...values });
}

/** The code with its grant (live or not), by the code's hash. */
export async function findCode(db: Executor, codeHash: string) {
  const [row] = await db
    .select({ code: oauth2Codes, grant: oauth2Authorizations })
    .from(oauth2Codes)
    .innerJoin(oauth2Authorizations, eq(oauth2Authorizations.id, oauth2Codes.authorizationId))
    .where(eq(oauth2Codes.codeHash, codeHash))
    .limit(1);
  return row;
}

/** Marks a code used, only if it was not: of two exchanges racing, exactly one wins. */
export async function useCode(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(oauth2Codes)
    .set({ usedAt: new Date() })
    .where(and(eq(oauth2Codes.id, id), isNull(oauth2Codes.usedAt)))
    .returning({ id: oauth2Codes.id });
  return rows.length > 0;
}

export async function insertRefreshToken(
  db: Executor,
  values: { authorizationId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oauth2RefreshTokens).values({ id: newId(), ...values });
}

/** The refresh token with its grant (live or not), by the token's hash. */
export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ token: oauth2RefreshTokens, grant: oauth2Authorizations })
    .from(oauth2RefreshTokens)
    .innerJoin(oauth2Authorizations, eq(oauth2Authorizations.id, oauth2RefreshTokens.authorizationId))
    .where(eq(oauth2RefreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used, only if it was not (rotation: each token works once). */
export async function useRefreshToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(oauth2RefreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oauth2RefreshTokens.id, id), isNull(oauth2RefreshTokens.usedAt)))
    .returning({ id: oauth2RefreshTokens.id });
  return rows.length > 0;
}
