import type { TokenScope } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A scope a third-party app may ask for, with the server's English description. */
export type { TokenScope };

export const tokenScopesQueryKey = ['tokenScopes'] as const;

/** GET /token_scopes (no auth). */
export async function getTokenScopes(): Promise<TokenScope[]> {
  const { data } = await apiClient.get<TokenScope[]>('/token_scopes', { auth: false });
  return data;
}

export function useTokenScopes() {
  return useQuery({
    queryKey: tokenScopesQueryKey,
    queryFn: getTokenScopes,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
