import type { CamelCasedKeys, OAuth2Client as WireOauth2Client } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A third-party app (OAuth2 client) after the camelCase mapping; its secret is never sent back. */
export type Oauth2Client = CamelCasedKeys<WireOauth2Client>;

/** Every OAuth2 client query starts with this key. */
export const oauth2ClientsQueryKey = ['oauth2Clients'] as const;

export const oauth2ClientQueryKey = (clientId: string) =>
  [...oauth2ClientsQueryKey, 'detail', clientId] as const;

export function oauth2ClientPath(clientId: string): string {
  return `/oauth2_clients/${encodeURIComponent(clientId)}`;
}

/** GET /oauth2_clients/{id}: any signed-in user may read an app (the consent page shows it). */
export async function getOauth2Client(clientId: string): Promise<Oauth2Client> {
  const { data } = await apiClient.get<Oauth2Client>(oauth2ClientPath(clientId));
  return data;
}

export function useOauth2Client(clientId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: oauth2ClientQueryKey(clientId),
    queryFn: () => getOauth2Client(clientId),
    enabled: enabled && clientId.length > 0,
  });
}
