import type { MemberRole } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { memberPath, memberQueryKey } from './get-member';
import { invalidateMembership, type Member } from './get-members';

/** PUT /units/{u}/members/{m}: the member's role in the unit. */
export async function updateMember(unitId: string, memberId: string, role: MemberRole): Promise<Member> {
  const { data } = await apiClient.put<Member>(memberPath(unitId, memberId), { role });
  return data;
}

export function useUpdateMember(unitId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: MemberRole) => updateMember(unitId, memberId, role),
    onSuccess: async (member) => {
      queryClient.setQueryData(memberQueryKey(unitId, memberId), member);
      await invalidateMembership(queryClient, unitId);
    },
  });
}
