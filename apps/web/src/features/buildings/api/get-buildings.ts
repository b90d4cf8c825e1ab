import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Building, buildingsQueryKey } from '../../../lib/buildings';
import { type PageMeta, pageMetaOf } from '../../../lib/lists';

export type BuildingSort = 'name' | 'city' | 'inserted_at';
export type SortOrder = 'asc' | 'desc';

export interface BuildingListParams {
  search?: string | undefined;
  sort: BuildingSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export interface BuildingList {
  buildings: Building[];
  meta: PageMeta;
}

export const buildingListQueryKey = (params: BuildingListParams) =>
  [...buildingsQueryKey, 'list', params] as const;

/** GET /buildings?search=&sort=&order=&page=&page_size=: one page of the buildings the user may see. */
export async function getBuildings(params: BuildingListParams): Promise<BuildingList> {
  const { data, meta } = await apiClient.get<Building[]>('/buildings', {
    params: { ...params, search: params.search || undefined },
  });
  return {
    buildings: data,
    meta: pageMetaOf(meta, { itemCount: data.length, page: params.page, pageSize: params.pageSize }),
  };
}

/** The previous page stays on screen while the next one loads, so paging does not flash a loader. */
export function useBuildings(params: BuildingListParams) {
  return useQuery({
    queryKey: buildingListQueryKey(params),
    queryFn: () => getBuildings(params),
    placeholderData: keepPreviousData,
  });
}
