import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';

/*
 * Gatehouse as an OAuth2 authorization server for third-party apps (decision 008). The scopes live
 * here so the server, the consent page and the app form share one list.
 */

export const OAUTH2_SCOPES = [
  'account:read',
  'doors:read',
  'doors:open',
  'buildings:read',
  'activity:read',
] as const;

export type OAuth2Scope = (typeof OAUTH2_SCOPES)[number];

/** English descriptions for GET /token_scopes; the dashboard translates by scope key. */
export const OAUTH2_SCOPE_DESCRIPTIONS: Readonly<Record<OAuth2Scope, string>> = {
  'account:read': 'Your name, email and language',
  'doors:read': 'The doors you may open',
  'doors:open': 'Open the doors you may open',
  'buildings:read': 'Buildings and doors you manage or belong to',
  'activity:read': 'Door activity and intercom calls of buildings you manage',
};

export const oauth2ScopeSchema = z.enum(OAUTH2_SCOPES);

/** GET /token_scopes */
export const tokenScopeSchema = z.object({ scope: oauth2ScopeSchema, description: z.string() });

const localHttp = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?([/?]|$)/i;

/**
 * A redirect URI a client registers: absolute https, or http for a local app (RFC 8252 7.3).
 * Fragments are refused (RFC 6749 3.1.2); the URI is matched exactly at authorization.
 */
export const redirectUriSchema = z
  .url({ protocol: /^https?$/, message: 'Use an absolute http(s) URL' })
  .max(2000)
  .refine(
    (value) => !value.includes('#') && (/^https:\/\//i.test(value) || localHttp.test(value)),
    'Use an https URL (http only for localhost or 127.0.0.1), without a fragment',
  );

const clientFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullish(),
  redirect_uris: z.array(redirectUriSchema).min(1).max(10),
  allowed_scopes: z.array(oauth2ScopeSchema).min(1),
};

/** POST /oauth2_clients (superadmin). A confidential client gets a secret; a public one relies on PKCE. */
export const oauth2ClientCreateBodySchema = z.strictObject({
  ...clientFields,
  confidential: z.boolean(),
});

/** PUT /oauth2_clients/{id} (superadmin). Whether a client is confidential does not change. */
export const oauth2ClientUpdateBodySchema = z.strictObject({
  name: clientFields.name.optional(),
  description: clientFields.description,
  redirect_uris: clientFields.redirect_uris.optional(),
  allowed_scopes: clientFields.allowed_scopes.optional(),
});

/** An OAuth2 client as anyone signed in sees it (the consent page): never its secret. */
export const oauth2ClientSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  redirect_uris: z.array(z.string()),
  allowed_scopes: z.array(oauth2ScopeSchema),
  confidential: z.boolean(),
  inserted_at: timestampSchema,
});

/** The reply of creating a client or rotating its secret: the secret is shown this once (null: public). */
export const oauth2ClientWithSecretSchema = oauth2ClientSchema.extend({
  client_secret: z.string().nullable(),
});

/** POST /oauth2/authorize: the consent page's answer. */
export const oauth2AuthorizeBodySchema = z.strictObject({
  client_id: idSchema,
  redirect_uri: z.string().min(1).max(2000),
  response_type: z.literal('code'),
  /** Space separated, as in the authorization request. */
  scope: z.string().trim().min(1).max(500),
  /** Printable ASCII (RFC 6749 A.5), handed back to the app unchanged. */
  state: z
    .string()
    .max(1000)
    .regex(/^[\x20-\x7E]*$/, 'state must be printable ASCII')
    .optional(),
  /** PKCE is required, with S256 (RFC 7636 4.2: 43 to 128 characters of the base64url alphabet). */
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'code_challenge must be the base64url SHA-256 of the verifier'),
  code_challenge_method: z.literal('S256', 'Only S256 is supported'),
  approve: z.boolean(),
  /** Narrowing: limit the grant to one building the user belongs to or manages, or one door they may open. */
  building_id: idSchema.nullish(),
  door_id: idSchema.nullish(),
});

export const oauth2AuthorizeResultSchema = z.object({ redirect_to: z.string() });

const named = z.object({ id: idSchema, name: z.string() });

/** GET /me/oauth2_authorizations: the apps the user let in. A door grant also names the door's building. */
export const oauth2AuthorizationSchema = z.object({
  id: idSchema,
  client: z.object({ id: idSchema, name: z.string(), description: z.string().nullable() }),
  scopes: z.array(oauth2ScopeSchema),
  building: named.nullable(),
  door: named.nullable(),
  inserted_at: timestampSchema,
  last_used_at: timestampSchema.nullable(),
});

export type TokenScope = z.infer<typeof tokenScopeSchema>;
export type OAuth2Client = z.infer<typeof oauth2ClientSchema>;
export type OAuth2ClientWithSecret = z.infer<typeof oauth2ClientWithSecretSchema>;
export type OAuth2ClientCreateBody = z.input<typeof oauth2ClientCreateBodySchema>;
export type OAuth2ClientUpdateBody = z.input<typeof oauth2ClientUpdateBodySchema>;
export type OAuth2AuthorizeBody = z.input<typeof oauth2AuthorizeBodySchema>;
export type OAuth2AuthorizeResult = z.infer<typeof oauth2AuthorizeResultSchema>;
export type OAuth2Authorization = z.infer<typeof oauth2AuthorizationSchema>;
