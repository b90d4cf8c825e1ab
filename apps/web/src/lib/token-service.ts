import type { CamelCasedKeys, Tokens as WireTokens } from '@gatehouse/core';
import {
  fromJwt,
  subscribeToPeerTabUpdates,
  TokenService,
  type Tokens,
} from '@weareyipyip/multitab-token-refresh';
import { ApiError, httpRequest } from './http';

/** Token reply of login, MFA, invite and refresh calls, after the camelCase mapping. */
export type TokensReply = CamelCasedKeys<WireTokens>;

export function tokensFromReply(reply: TokensReply): Tokens {
  return fromJwt({
    accessToken: reply.access,
    refreshToken: reply.refresh,
    accessTokenExp: reply.accessExp,
    refreshTokenExp: reply.refreshExp,
  });
}

/**
 * Refreshes the tokens with the refresh token as bearer (spec 7). Only a 401 ends the session, so a
 * passing outage (503, network) does not sign the user out.
 */
async function refreshTokens(refreshToken: string, setLoggedOut: () => void): Promise<Tokens> {
  try {
    const { data } = await httpRequest<TokensReply>('/me/current_session/refresh', {
      method: 'POST',
      bearer: refreshToken,
    });
    return tokensFromReply(data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) setLoggedOut();
    throw error;
  }
}

/**
 * The package's defaults are the spec's values: storage key `authStatus`, lock
 * `multitab-token-access-lock`, a 5 s margin and the "Logged out" error.
 */
export const tokenService = new TokenService(refreshTokens);

type Listener = () => void;
const listeners = new Set<Listener>();
let loggedIn = tokenService.getStatus().loggedIn;

function publish(next: boolean): void {
  if (next === loggedIn) return;
  loggedIn = next;
  for (const listener of listeners) listener();
}

tokenService.subscribeStatusUpdates((status) => publish(status.loggedIn));

/** The logged-in flag kept from the token service's status updates (spec 4). */
export function isLoggedIn(): boolean {
  return loggedIn;
}

export function subscribeLoggedIn(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Re-reads the stored status. A refresh token that simply ran out raises "Logged out" without a
 * status update, so callers check again after a failed token request.
 */
export function syncLoggedIn(): void {
  publish(tokenService.getStatus().loggedIn);
}

/** Login and logout in one tab reload the others (spec 4). Called once at start-up. */
export function startPeerTabUpdates(): void {
  subscribeToPeerTabUpdates(tokenService);
}
