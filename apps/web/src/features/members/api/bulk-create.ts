import { type MemberCreateBody, memberBulkCreateBodySchema } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateMembership, type Member, membersPath } from './get-members';

/**
 * POST /units/{u}/members/bulk_create: all or nothing; a bad row makes it 422 with fields
 * `members.{i}.{field}` (i: the index in `members`).
 */
export async function createMembers(unitId: string, members: MemberCreateBody[]): Promise<Member[]> {
  const body = memberBulkCreateBodySchema.parse({ members });
  const { data } = await apiClient.post<Member[]>(`${membersPath(unitId)}/bulk_create`, body);
  return data;
}

export function useCreateMembers(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (members: MemberCreateBody[]) => createMembers(unitId, members),
    onSuccess: () => invalidateMembership(queryClient, unitId),
  });
}
