import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { userPath, userQueryKey } from './get-user';
import type { User } from './get-users';

/** DELETE /users/{id}/sessions/{sessionId}: signs the user out on that device. */
export async function endUserSession(userId: string, sessionId: string): Promise<void> {
  await apiClient.delete<null>(`${userPath(userId)}/sessions/${encodeURIComponent(sessionId)}`);
}

export function useEndUserSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => endUserSession(userId, sessionId),
    onSuccess: async (_nothing, sessionId) => {
      queryClient.setQueryData<User>(userQueryKey(userId), (user) =>
        user ? { ...user, sessions: user.sessions?.filter((session) => session.id !== sessionId) } : user,
      );
      await queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
    },
  });
}
