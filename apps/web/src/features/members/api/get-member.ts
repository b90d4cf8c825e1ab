import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Member, membersPath } from './get-members';

export const memberQueryKey = (unitId: string, memberId: string) =>
  ['members', unitId, 'detail', memberId] as const;

export function memberPath(unitId: string, memberId: string): string {
  return `${membersPath(unitId)}/${encodeURIComponent(memberId)}`;
}

/** GET /units/{u}/members/{m}. */
export async function getMember(unitId: string, memberId: string): Promise<Member> {
  const { data } = await apiClient.get<Member>(memberPath(unitId, memberId));
  return data;
}

export function useMember(unitId: string, memberId: string) {
  return useQuery({ queryKey: memberQueryKey(unitId, memberId), queryFn: () => getMember(unitId, memberId) });
}
