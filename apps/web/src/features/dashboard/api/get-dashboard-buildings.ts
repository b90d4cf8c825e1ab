import { MAX_PAGE_SIZE } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Building, buildingsQueryKey } from '../../../lib/buildings';
import { pageMetaOf } from '../../../lib/lists';

export interface DashboardBuildings {
  buildings: Building[];
  /** How many buildings the user may see in all; more than `buildings` holds when there are many. */
  total: number;
}

export const dashboardBuildingsQueryKey = [...buildingsQueryKey, 'dashboard'] as const;

/** GET /buildings: the first page, as large as a page may be, by name. */
export async function getDashboardBuildings(): Promise<DashboardBuildings> {
  const { data, meta } = await apiClient.get<Building[]>('/buildings', {
    params: { sort: 'name', order: 'asc', page: 1, pageSize: MAX_PAGE_SIZE },
  });
  const { total } = pageMetaOf(meta, { itemCount: data.length, page: 1, pageSize: MAX_PAGE_SIZE });
  return { buildings: data, total };
}

export function useDashboardBuildings() {
  return useQuery({ queryKey: dashboardBuildingsQueryKey, queryFn: getDashboardBuildings });
}
