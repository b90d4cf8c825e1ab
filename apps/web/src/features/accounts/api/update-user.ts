import type { UserUpdateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { accountQueryKey } from '../../../lib/session';
import { userPath, userQueryKey } from './get-user';
import { type User, usersQueryKey } from './get-users';

/** PUT /users/{id} (superadmin): an email set here takes effect at once. */
export async function updateUser(userId: string, body: UserUpdateBody): Promise<User> {
  const { data } = await apiClient.put<User>(userPath(userId), body);
  return data;
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => updateUser(userId, body),
    onSuccess: async (user) => {
      // The reply may leave the preloads out: keep the ones shown until the reload brings them.
      queryClient.setQueryData<User>(userQueryKey(userId), (previous) => ({ ...previous, ...user }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        // Editing oneself changes the signed-in account too.
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
      ]);
    },
  });
}
