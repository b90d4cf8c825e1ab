import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { oauth2ClientPath, oauth2ClientQueryKey } from './get-oauth2-client';
import { oauth2ClientListQueryKey } from './get-oauth2-clients';

/** DELETE /oauth2_clients/{id} (superadmin): the app's grants and tokens end with it. */
export async function deleteOauth2Client(clientId: string): Promise<void> {
  await apiClient.delete<null>(oauth2ClientPath(clientId));
}

export function useDeleteOauth2Client(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteOauth2Client(clientId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: oauth2ClientQueryKey(clientId) });
      await queryClient.invalidateQueries({ queryKey: oauth2ClientListQueryKey });
    },
  });
}
