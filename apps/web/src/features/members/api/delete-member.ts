import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { memberPath, memberQueryKey } from './get-member';
import { invalidateMembership } from './get-members';

/** DELETE /units/{u}/members/{m}: the person keeps their account but leaves the unit. */
export async function deleteMember(unitId: string, memberId: string): Promise<void> {
  await apiClient.delete<null>(memberPath(unitId, memberId));
}

export function useDeleteMember(unitId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMember(unitId, memberId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        queryKey: memberQueryKey(unitId, memberId),
        refetchType: 'none',
      });
      await invalidateMembership(queryClient, unitId);
    },
  });
}
