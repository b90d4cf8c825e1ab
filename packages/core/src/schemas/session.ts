import { z } from 'zod';
import { currentPasswordSchema, emailSchema, idSchema, timestampSchema } from './common.js';

/**
 * How the tokens travel (decision 002): `bearer` puts whole JWTs in the reply (apps, devices,
 * scripts); `cookie_only` keeps their signatures in HttpOnly cookies, out of reach of page scripts.
 */
export const tokenSignatureTransportSchema = z.enum(['bearer', 'cookie_only']);

/** A TOTP code or a recovery code; surrounding spaces from copy and paste are dropped. */
export const mfaCodeSchema = z.string().trim().min(6).max(32);

/** POST /me/current_session */
export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
  token_signature_transport: tokenSignatureTransportSchema,
});

/** POST /me/current_session/mfa: the second sign-in step. */
export const mfaBodySchema = z.strictObject({
  mfa_token: z.string().min(1),
  code: mfaCodeSchema,
  token_signature_transport: tokenSignatureTransportSchema,
});

/** Unix time in whole seconds. */
const unixSecondsSchema = z.int().positive();

/** The reply data of every call that signs in or refreshes. */
export const tokensSchema = z.object({
  access: z.string().min(1),
  refresh: z.string().min(1),
  access_exp: unixSecondsSchema,
  refresh_exp: unixSecondsSchema,
});

/** The reply data of a sign-in that needs a second factor. */
export const mfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string().min(1),
});

/** The reply data of POST /me/current_session. */
export const loginReplySchema = z.union([tokensSchema, mfaChallengeSchema]);

/** One entry of GET /me/sessions; `current` marks the session making the call. */
export const sessionSchema = z.object({
  id: idSchema,
  current: z.boolean(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  inserted_at: timestampSchema,
  last_used_at: timestampSchema,
  expires_at: timestampSchema,
});

export type TokenSignatureTransport = z.infer<typeof tokenSignatureTransportSchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
export type MfaBody = z.infer<typeof mfaBodySchema>;
export type Tokens = z.infer<typeof tokensSchema>;
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export type LoginReply = z.infer<typeof loginReplySchema>;
export type Session = z.infer<typeof sessionSchema>;
