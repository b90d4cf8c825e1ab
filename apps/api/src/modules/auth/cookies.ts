import type { FastifyReply } from 'fastify';
import { API_PREFIX } from '../../http/paths.js';
import { type IssuedTokens, splitToken } from './tokens.js';

export const accessSignatureCookie = '_access_token_signature';
export const refreshSignatureCookie = '_refresh_token_signature';
/** The whole refresh token, for a client whose stored refresh token is a dummy (spec 7). */
export const refreshTokenCookie = '_refresh_token';

export const refreshPath = `${API_PREFIX}/me/current_session/refresh`;

export type TokenTransport = 'bearer' | 'cookie_only';

/**
 * Builds the reply `data` for new tokens. With `cookie_only` the page only ever sees
 * `header.payload.`; the signatures live in HttpOnly cookies (split-token pattern, spec README).
 */
export function deliverTokens(
  reply: FastifyReply,
  tokens: IssuedTokens,
  transport: TokenTransport,
  options: { secure: boolean },
) {
  const data = {
    access: tokens.access,
    refresh: tokens.refresh,
    access_exp: tokens.accessExp,
    refresh_exp: tokens.refreshExp,
  };
  if (transport === 'bearer') return data;

  const access = splitToken(tokens.access);
  const refresh = splitToken(tokens.refresh);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const base = { httpOnly: true, secure: options.secure, sameSite: 'strict' as const };
  reply.setCookie(accessSignatureCookie, access.signature, {
    ...base,
    path: API_PREFIX,
    maxAge: tokens.accessExp - nowSeconds,
  });
  reply.setCookie(refreshSignatureCookie, refresh.signature, {
    ...base,
    path: refreshPath,
    maxAge: tokens.refreshExp - nowSeconds,
  });
  reply.setCookie(refreshTokenCookie, tokens.refresh, {
    ...base,
    path: refreshPath,
    maxAge: tokens.refreshExp - nowSeconds,
  });
  return { ...data, access: access.readable, refresh: refresh.readable };
}

export function clearTokenCookies(reply: FastifyReply, options: { secure: boolean }) {
  const base = { httpOnly: true, secure: options.secure, sameSite: 'strict' as const };
  reply.clearCookie(accessSignatureCookie, { ...base, path: API_PREFIX });
  reply.clearCookie(refreshSignatureCookie, { ...base, path: refreshPath });
  reply.clearCookie(refreshTokenCookie, { ...base, path: refreshPath });
}
