import { MAX_PAGE_SIZE } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { buildingsQueryKey } from '../../../lib/buildings';

export interface BuildingOption {
  id: string;
  name: string;
}

/** GET /buildings?sort=name&page_size=100: the buildings the user may see, for the unit list's filter. */
export async function getBuildingOptions(): Promise<BuildingOption[]> {
  const { data } = await apiClient.get<BuildingOption[]>('/buildings', {
    params: { sort: 'name', order: 'asc', page: 1, pageSize: MAX_PAGE_SIZE },
  });
  return data.map(({ id, name }) => ({ id, name }));
}

export function useBuildingOptions() {
  return useQuery({ queryKey: [...buildingsQueryKey, 'options'], queryFn: getBuildingOptions });
}
