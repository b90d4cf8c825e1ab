import type { CamelCasedKeys, Building as WireBuilding } from '@gatehouse/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/*
 * The building itself is read by every building-side page (its name titles the page and fills the
 * breadcrumbs), so its query lives here rather than in one feature.
 */

/** A building after the camelCase mapping. */
export type Building = CamelCasedKeys<WireBuilding>;
export type DoorSummary = Building['doorSummary'];

/** Every building query (lists and single buildings) starts with this key. */
export const buildingsQueryKey = ['buildings'] as const;

export const buildingQueryKey = (buildingId: string) => ['buildings', 'detail', buildingId] as const;

/** GET /buildings/{id}. */
export async function getBuilding(buildingId: string): Promise<Building> {
  const { data } = await apiClient.get<Building>(`/buildings/${encodeURIComponent(buildingId)}`);
  return data;
}

export function useBuilding(buildingId: string) {
  return useQuery({ queryKey: buildingQueryKey(buildingId), queryFn: () => getBuilding(buildingId) });
}

/** Marks every list of buildings (the list pages, the dashboard) stale, leaving single buildings alone. */
export function invalidateBuildingLists(
  queryClient: QueryClient,
  options: { refetchType?: 'active' | 'none' } = {},
): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: buildingsQueryKey,
    predicate: (query) => query.queryKey[1] !== 'detail',
    refetchType: options.refetchType ?? 'active',
  });
}
