import type { CamelCasedKeys, OAuth2Authorization } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * A third-party app the user let in, after the camelCase mapping. `building` or `door` set: the grant
 * is limited to it; both null: every building of the user.
 */
export type Oauth2Authorization = CamelCasedKeys<OAuth2Authorization>;

export const oauth2AuthorizationsQueryKey = ['me', 'oauth2Authorizations'] as const;

/** GET /me/oauth2_authorizations: the apps with access to the user's account (revoked ones left out). */
export async function getOauth2Authorizations(): Promise<Oauth2Authorization[]> {
  const { data } = await apiClient.get<Oauth2Authorization[]>('/me/oauth2_authorizations');
  return data;
}

export function useOauth2Authorizations() {
  return useQuery({ queryKey: oauth2AuthorizationsQueryKey, queryFn: getOauth2Authorizations });
}
