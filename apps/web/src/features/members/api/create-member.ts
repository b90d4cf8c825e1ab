import type { MemberCreateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { memberQueryKey } from './get-member';
import { invalidateMembership, type Member, membersPath } from './get-members';

/**
 * POST /units/{u}/members: an existing account joins at once, a new one is invited by mail
 * (`user.invite_pending`); 409 already_member.
 */
export async function createMember(unitId: string, body: MemberCreateBody): Promise<Member> {
  const { data } = await apiClient.post<Member>(membersPath(unitId), body);
  return data;
}

export function useCreateMember(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberCreateBody) => createMember(unitId, body),
    onSuccess: async (member) => {
      queryClient.setQueryData(memberQueryKey(unitId, member.id), member);
      await invalidateMembership(queryClient, unitId);
    },
  });
}
