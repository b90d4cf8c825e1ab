import { ApiError, type ApiReply, type HttpRequestOptions, httpRequest } from './http';
import { syncLoggedIn, tokenService } from './token-service';

export { ApiError, type ApiErrorItem, type ApiReply } from './http';

export interface RequestOptions extends Omit<HttpRequestOptions, 'method' | 'bearer'> {
  /** Calls marked "(no auth)" in the spec send no bearer token. Defaults to true. */
  auth?: boolean;
}

/** Error codes meaning the session behind the access token no longer exists. */
const SESSION_GONE_CODES = ['unauthenticated', 'session_revoked', 'token_invalid', 'token_expired'];

/** The access token for an authenticated call, refreshed when needed ("Logged out" when it cannot be). */
export async function accessToken(): Promise<string> {
  try {
    return await tokenService.getAccessToken();
  } catch (error) {
    syncLoggedIn();
    throw error;
  }
}

/** A 401 saying the session no longer exists logs the user out here too. */
export function endSessionIfGone(error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && error.hasCode(...SESSION_GONE_CODES)) {
    tokenService.setLoggedOut();
  }
}

async function send<T>(
  method: HttpRequestOptions['method'],
  path: string,
  options: RequestOptions = {},
): Promise<ApiReply<T>> {
  const { auth = true, ...rest } = options;
  const bearer = auth ? await accessToken() : undefined;
  try {
    return await httpRequest<T>(path, { ...rest, method, bearer });
  } catch (error) {
    if (auth) endSessionIfGone(error);
    throw error;
  }
}

/** The API client: authenticated by default, `{ auth: false }` for the calls the spec marks "(no auth)". */
export const apiClient = {
  get: <T>(path: string, options?: RequestOptions) => send<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    send<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    send<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    send<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    send<T>('DELETE', path, { ...options, body }),
};
