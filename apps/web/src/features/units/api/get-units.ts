import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type PageMeta, pageMetaOf } from '../../../lib/lists';
import { type Unit, unitsQueryKey } from '../../../lib/units';

export type UnitSort = 'name' | 'inserted_at';
export type SortOrder = 'asc' | 'desc';

export interface UnitListParams {
  search?: string | undefined;
  sort: UnitSort;
  order: SortOrder;
  page: number;
  pageSize: number;
  /** Only the units of this building. */
  buildingId?: string | undefined;
}

export interface UnitList {
  units: Unit[];
  meta: PageMeta;
}

export const unitListQueryKey = (params: UnitListParams) => [...unitsQueryKey, 'list', params] as const;

/**
 * GET /units?building_id=&search=&sort=&order=&page=&page_size=: one page of the units the user may
 * read (all of them for a superadmin).
 */
export async function getUnits(params: UnitListParams): Promise<UnitList> {
  const { data, meta } = await apiClient.get<Unit[]>('/units', {
    params: { ...params, search: params.search || undefined, buildingId: params.buildingId || undefined },
  });
  return {
    units: data,
    meta: pageMetaOf(meta, { itemCount: data.length, page: params.page, pageSize: params.pageSize }),
  };
}

/** The previous page stays on screen while the next one loads, so paging does not flash a loader. */
export function useUnits(params: UnitListParams) {
  return useQuery({
    queryKey: unitListQueryKey(params),
    queryFn: () => getUnits(params),
    placeholderData: keepPreviousData,
  });
}
