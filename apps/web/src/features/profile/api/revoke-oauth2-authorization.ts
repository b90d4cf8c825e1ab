import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { oauth2AuthorizationsQueryKey } from './get-oauth2-authorizations';

/** DELETE /me/oauth2_authorizations/{id}: the app's tokens stop working at once. */
export async function revokeOauth2Authorization(id: string): Promise<void> {
  await apiClient.delete<null>(`/me/oauth2_authorizations/${encodeURIComponent(id)}`);
}

export function useRevokeOauth2Authorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOauth2Authorization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: oauth2AuthorizationsQueryKey }),
  });
}
