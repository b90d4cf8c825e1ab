import type {
  CamelCasedKeys,
  OAuth2ClientCreateBody,
  OAuth2ClientWithSecret as WireOauth2ClientWithSecret,
} from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Oauth2Client, oauth2ClientQueryKey } from './get-oauth2-client';
import { oauth2ClientListQueryKey } from './get-oauth2-clients';

/** The body before the snake_case mapping at the API edge. */
export type Oauth2ClientBody = CamelCasedKeys<OAuth2ClientCreateBody>;

/** A client as created (or with a new secret): the only reply that carries the secret (null: public). */
export type Oauth2ClientWithSecret = CamelCasedKeys<WireOauth2ClientWithSecret>;

/** POST /oauth2_clients (superadmin). */
export async function createOauth2Client(body: Oauth2ClientBody): Promise<Oauth2ClientWithSecret> {
  const { data } = await apiClient.post<Oauth2ClientWithSecret>('/oauth2_clients', body);
  return { ...data, clientSecret: data.clientSecret ?? null };
}

export function useCreateOauth2Client() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOauth2Client,
    onSuccess: async ({ clientSecret: _secret, ...client }) => {
      // Only the client goes into the cache: the secret lives in the page that shows it once.
      queryClient.setQueryData<Oauth2Client>(oauth2ClientQueryKey(client.id), client);
      await queryClient.invalidateQueries({ queryKey: oauth2ClientListQueryKey });
    },
  });
}
