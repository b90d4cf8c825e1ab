import type { CamelCasedKeys, Member as WireMember } from '@gatehouse/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateUnit, invalidateUnitLists, unitPath } from '../../../lib/units';

/** A member of a unit after the camelCase mapping; `user.invitePending` until they chose a password. */
export type Member = CamelCasedKeys<WireMember>;

export const membersQueryKey = (unitId: string) => ['members', unitId, 'list'] as const;

export function membersPath(unitId: string): string {
  return `${unitPath(unitId)}/members`;
}

/** GET /units/{u}/members. */
export async function getMembers(unitId: string): Promise<Member[]> {
  const { data } = await apiClient.get<Member[]>(membersPath(unitId));
  return data;
}

export function useMembers(unitId: string) {
  return useQuery({ queryKey: membersQueryKey(unitId), queryFn: () => getMembers(unitId) });
}

/** After members come, go or change role: the member list, and the unit (its count and delegates' options). */
export function invalidateMembership(queryClient: QueryClient, unitId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['members', unitId] }),
    invalidateUnit(queryClient, unitId),
    invalidateUnitLists(queryClient),
  ]);
}
