import {
  can,
  OAUTH2_SCOPES,
  type OAuth2AuthorizeBody,
  type OAuth2ClientCreateBody,
  type OAuth2ClientUpdateBody,
  type OAuth2Scope,
  type RoleData,
} from '@gatehouse/core';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError, invalidField, notFound } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';
import type { UserRow } from '../users/repository.js';
import {
  clientAuthenticates,
  createModel,
  findModelClient,
  hashSecret,
  type ModelUser,
  newClientSecret,
} from './model.js';
import { findDoorRow } from './narrowing.js';
import {
  deleteClient,
  findClient,
  findRefreshToken,
  insertClient,
  liveGrantsOfClient,
  type OAuth2ClientRow,
  revokeGrant,
  setGrantScopes,
  type UserGrantRow,
  updateClient,
} from './repository.js';

// ---------------------------------------------------------------------------------------------
// Views

export function clientView(row: OAuth2ClientRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    redirect_uris: row.redirectUris,
    allowed_scopes: row.allowedScopes as OAuth2Scope[],
    confidential: row.secretHash !== null,
    inserted_at: row.insertedAt.toISOString(),
  };
}

export function grantView(row: UserGrantRow) {
  return {
    id: row.grant.id,
    client: row.client,
    scopes: row.grant.scopes as OAuth2Scope[],
    building: row.building,
    door: row.door,
    inserted_at: row.grant.insertedAt.toISOString(),
    last_used_at: row.grant.lastUsedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Clients (superadmin)

export async function requireClient(ctx: AppContext, id: string): Promise<OAuth2ClientRow> {
  const row = await findClient(ctx.db, id);
  if (!row) throw notFound('App');
  return row;
}

/** Creates a client; a confidential one gets a secret, returned this once (only its hash is kept). */
export async function createClient(ctx: AppContext, body: OAuth2ClientCreateBody, createdBy: UserRow) {
  const secret = body.confidential ? newClientSecret() : null;
  const row = await insertClient(ctx.db, {
    name: body.name,
    description: body.description ?? null,
    redirectUris: [...new Set(body.redirect_uris)],
    allowedScopes: [...new Set(body.allowed_scopes)],
    secretHash: secret ? hashSecret(secret) : null,
    createdByUserId: createdBy.id,
  });
  return { ...clientView(row), client_secret: secret };
}

/**
 * Updates a client. Scopes taken away from it are taken from its live grants too (a grant left
 * with none ends), so an app never keeps what it may no longer ask for.
 */
export async function changeClient(ctx: AppContext, id: string, body: OAuth2ClientUpdateBody) {
  const ended: string[] = [];
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateClient(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description ?? null } : {}),
      ...(body.redirect_uris ? { redirectUris: [...new Set(body.redirect_uris)] } : {}),
      ...(body.allowed_scopes ? { allowedScopes: [...new Set(body.allowed_scopes)] } : {}),
    });
    if (!updated) throw notFound('App');
    if (body.allowed_scopes) {
      const allowed = new Set<string>(body.allowed_scopes);
      for (const grant of await liveGrantsOfClient(tx, id)) {
        const kept = grant.scopes.filter((scope) => allowed.has(scope));
        if (kept.length === grant.scopes.length) continue;
        if (kept.length === 0) await revokeGrant(tx, grant.id);
        else await setGrantScopes(tx, grant.id, kept);
        ended.push(grant.id);
      }
    }
    return updated;
  });
  for (const grantId of ended) ctx.authCache.forgetSession(grantId);
  return clientView(row);
}

export async function removeClient(ctx: AppContext, id: string) {
  const grants = await deleteClient(ctx.db, id);
  if (!grants) throw notFound('App');
  for (const grantId of grants) ctx.authCache.forgetSession(grantId);
}

/** A new secret for a confidential client (the old one stops working at once); shown this once. */
export async function rotateSecret(ctx: AppContext, id: string) {
  const row = await requireClient(ctx, id);
  if (!row.secretHash) {
    throw new AppError('conflict', 'A public app has no secret: it proves itself with PKCE');
  }
  const secret = newClientSecret();
  const updated = await updateClient(ctx.db, id, { secretHash: hashSecret(secret) });
  if (!updated) throw notFound('App');
  return { ...clientView(updated), client_secret: secret };
}

// ---------------------------------------------------------------------------------------------
// Consent (POST /oauth2/authorize)

/** The library's request and reply objects, from ours. */
export function libraryRequest(request: FastifyRequest, body: Record<string, unknown>) {
  return new OAuth2Server.Request({
    method: request.method,
    headers: request.headers as Record<string, string>,
    query: (request.query ?? {}) as Record<string, string>,
    body,
  });
}

function parseScopes(scope: string): string[] {
  return [...new Set(scope.split(/\s+/).filter(Boolean))];
}

/** Narrowing must name a building the user belongs to or manages, or a door they may see. */
async function checkNarrowing(
  ctx: AppContext,
  roleData: RoleData,
  buildingId: string | null | undefined,
  doorId: string | null | undefined,
): Promise<{ buildingId: string | null; doorId: string | null }> {
  if (doorId) {
    const door = await findDoorRow(ctx.db, doorId);
    if (!door || !can(roleData, 'doorRead', { buildingId: door.buildingId })) {
      throw invalidField('door_id', 'Choose a door you may open');
    }
    if (buildingId && buildingId !== door.buildingId) {
      throw invalidField('door_id', 'This door is not in the chosen building');
    }
    // A door grant also names the door's building, so the building rules apply as well.
    return { buildingId: door.buildingId, doorId: door.id };
  }
  if (buildingId) {
    if (!can(roleData, 'buildingRead', { buildingId })) {
      throw invalidField('building_id', 'Choose a building you belong to or manage');
    }
    return { buildingId, doorId: null };
  }
  return { buildingId: null, doorId: null };
}

/**
 * The consent page's answer. Everything the page could get wrong is refused here in our envelope
 * (an unknown app, a redirect URI not registered exactly, unknown scopes): the user agent is never
 * sent to an address the app did not register. The library then issues the code (or the denial)
 * and builds the redirect.
 */
export async function answerConsent(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  roleData: RoleData,
  body: OAuth2AuthorizeBody,
): Promise<string> {
  const client = await findModelClient(ctx, body.client_id);
  if (!client) throw new AppError('not_found', 'App not found', { field: 'client_id' });
  if (!client.redirectUris.includes(body.redirect_uri)) {
    throw invalidField('redirect_uri', 'This redirect URI is not registered for the app');
  }
  const scopes = parseScopes(body.scope);
  const known = new Set<string>(OAUTH2_SCOPES);
  const unknown = scopes.filter((scope) => !known.has(scope));
  if (unknown.length > 0) throw invalidField('scope', `Unknown scope: ${unknown.join(' ')}`);
  const notAllowed = scopes.filter((scope) => !client.allowedScopes.includes(scope));
  if (notAllowed.length > 0) {
    throw invalidField('scope', `The app may not ask for: ${notAllowed.join(' ')}`);
  }
  const narrowing = body.approve
    ? await checkNarrowing(ctx, roleData, body.building_id, body.door_id)
    : { buildingId: null, doorId: null };

  const modelUser: ModelUser = { id: user.id, ...narrowing };
  const server = new OAuth2Server({
    model: createModel(ctx, { authenticateClients: false }) as never,
    authorizationCodeLifetime: ctx.config.oauth2.codeTtlSeconds,
    allowEmptyState: true,
  });
  const response = new OAuth2Server.Response();
  const libRequest = libraryRequest(request, {
    client_id: body.client_id,
    redirect_uri: body.redirect_uri,
    response_type: body.response_type,
    scope: scopes.join(' '),
    ...(body.state ? { state: body.state } : {}),
    code_challenge: body.code_challenge,
    code_challenge_method: body.code_challenge_method,
    allowed: body.approve ? 'true' : 'false',
  });
  try {
    await server.authorize(libRequest, response, {
      authenticateHandler: { handle: async () => modelUser },
    } as OAuth2Server.AuthorizeOptions);
  } catch (error) {
    const denied = error instanceof OAuth2Server.AccessDeniedError;
    if (!denied) {
      const message = error instanceof OAuth2Server.OAuthError ? error.message : 'The request was refused';
      throw new AppError('bad_request', message);
    }
  }
  const location = response.get('location') as string | undefined;
  if (!location) throw new AppError('internal_error', 'No redirect was made');
  return location;
}

// ---------------------------------------------------------------------------------------------
// Token endpoint and revocation (RFC 6749, RFC 7009)

export interface RfcReply {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/** Runs the token endpoint through the library: it answers in RFC 6749's shape, errors included. */
export async function exchangeToken(ctx: AppContext, request: FastifyRequest): Promise<RfcReply> {
  const { oauth2 } = ctx.config;
  const server = new OAuth2Server({
    model: createModel(ctx, { authenticateClients: true }) as never,
    accessTokenLifetime: oauth2.accessTokenTtlSeconds,
    refreshTokenLifetime: oauth2.refreshTokenTtlSeconds,
    // Public clients name themselves and prove themselves with PKCE; the model demands a
    // confidential client's secret in either grant.
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
    alwaysIssueNewRefreshToken: true,
  });
  const response = new OAuth2Server.Response();
  const body = (request.body ?? {}) as Record<string, unknown>;
  const headers = () => response.headers as Record<string, string>;
  try {
    await server.token(libraryRequest(request, body), response);
  } catch (error) {
    if (!(error instanceof OAuth2Server.OAuthError)) throw error;
    if (error.code >= 500) request.log.error({ err: error }, 'token endpoint failed');
    // Some refusals (a body that is not a form) come before the library fills in its reply.
    return rfcError(error.code, error.name, error.message, headers());
  }
  return {
    status: response.status ?? 200,
    headers: headers(),
    body: response.body as Record<string, unknown>,
  };
}

function rfcError(status: number, error: string, description: string, headers = {}): RfcReply {
  return { status, headers, body: { error, error_description: description } };
}

/** Client credentials from HTTP Basic (RFC 6749 2.3.1: form-encoded before base64) or the body. */
function clientCredentials(request: FastifyRequest, body: Record<string, unknown>) {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { basic: true };
    const decode = (part: string) => {
      try {
        return decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        return part;
      }
    };
    return { basic: true, id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  }
  const id = typeof body.client_id === 'string' ? body.client_id : undefined;
  const secret = typeof body.client_secret === 'string' ? body.client_secret : undefined;
  return { basic: false, id, secret };
}

/**
 * RFC 7009: a client revokes its own refresh or access token. Either ends the whole grant (a
 * refresh token's access tokens go with it, 2.1; an access token cannot be ended alone, being a
 * self-contained JWT). An unknown or foreign token is answered 200 like a revoked one.
 */
export async function revokeToken(ctx: AppContext, request: FastifyRequest): Promise<RfcReply> {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const credentials = clientCredentials(request, body);
  const client = credentials.id ? await findModelClient(ctx, credentials.id) : undefined;
  if (!client || !clientAuthenticates(client.row, credentials.secret)) {
    return rfcError(
      401,
      'invalid_client',
      'Client authentication failed',
      credentials.basic ? { 'www-authenticate': 'Basic realm="Gatehouse"' } : {},
    );
  }
  const token = typeof body.token === 'string' ? body.token : undefined;
  if (!token) return rfcError(400, 'invalid_request', 'Missing parameter: `token`');

  const grantId = await grantOfToken(ctx, token, client.id);
  if (grantId) {
    await revokeGrant(ctx.db, grantId);
    ctx.authCache.forgetSession(grantId);
  }
  return { status: 200, headers: { 'cache-control': 'no-store' }, body: undefined };
}

/** The grant a token of this client belongs to: a refresh token by its hash, else an access token. */
async function grantOfToken(ctx: AppContext, token: string, clientId: string): Promise<string | undefined> {
  const refresh = await findRefreshToken(ctx.db, sha256(token));
  if (refresh) return refresh.grant.clientId === clientId ? refresh.grant.id : undefined;
  try {
    const claims = await ctx.tokens.verify(token, 'oauth2');
    return claims.cid === clientId ? claims.aid : undefined;
  } catch {
    // Expired, malformed or not ours: nothing to revoke (RFC 7009 2.2).
    return undefined;
  }
}
