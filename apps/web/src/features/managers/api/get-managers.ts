import type { CamelCasedKeys, Manager as WireManager } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A building manager after the camelCase mapping; `user.invitePending` until they chose a password. */
export type Manager = CamelCasedKeys<WireManager>;

export const managersQueryKey = (buildingId: string) => ['managers', buildingId, 'list'] as const;

export function managersPath(buildingId: string): string {
  return `/buildings/${encodeURIComponent(buildingId)}/managers`;
}

/** GET /buildings/{b}/managers. */
export async function getManagers(buildingId: string): Promise<Manager[]> {
  const { data } = await apiClient.get<Manager[]>(managersPath(buildingId));
  return data;
}

export function useManagers(buildingId: string) {
  return useQuery({ queryKey: managersQueryKey(buildingId), queryFn: () => getManagers(buildingId) });
}
