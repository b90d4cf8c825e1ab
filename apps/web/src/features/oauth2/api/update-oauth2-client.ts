import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Oauth2ClientBody } from './create-oauth2-client';
import { type Oauth2Client, oauth2ClientPath, oauth2ClientQueryKey } from './get-oauth2-client';
import { oauth2ClientListQueryKey } from './get-oauth2-clients';

/** What may change after creation; whether the app keeps a secret is fixed when it is created. */
export type Oauth2ClientUpdateBody = Omit<Oauth2ClientBody, 'confidential'>;

/** PUT /oauth2_clients/{id} (superadmin). */
export async function updateOauth2Client(
  clientId: string,
  body: Oauth2ClientUpdateBody,
): Promise<Oauth2Client> {
  const { data } = await apiClient.put<Oauth2Client>(oauth2ClientPath(clientId), body);
  return data;
}

export function useUpdateOauth2Client(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Oauth2ClientUpdateBody) => updateOauth2Client(clientId, body),
    onSuccess: async (client) => {
      queryClient.setQueryData<Oauth2Client>(oauth2ClientQueryKey(clientId), client);
      await queryClient.invalidateQueries({ queryKey: oauth2ClientListQueryKey });
    },
  });
}
