import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Oauth2Client, oauth2ClientsQueryKey } from './get-oauth2-client';

export const oauth2ClientListQueryKey = [...oauth2ClientsQueryKey, 'list'] as const;

/** GET /oauth2_clients (superadmin): every registered third-party app. */
export async function getOauth2Clients(): Promise<Oauth2Client[]> {
  const { data } = await apiClient.get<Oauth2Client[]>('/oauth2_clients');
  return data;
}

export function useOauth2Clients() {
  return useQuery({ queryKey: oauth2ClientListQueryKey, queryFn: getOauth2Clients });
}
