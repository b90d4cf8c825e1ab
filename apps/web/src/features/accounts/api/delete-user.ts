import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userPath, userQueryKey } from './get-user';
import { usersQueryKey } from './get-users';

/** DELETE /users/{id} (superadmin): every session of the user ends at once. */
export async function deleteUser(userId: string): Promise<void> {
  await apiClient.delete<null>(userPath(userId));
}

export function useDeleteUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(userId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey(userId), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: [...usersQueryKey, 'list'] });
    },
  });
}
