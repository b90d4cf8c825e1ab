import { ACTIVITY_PAGE_SIZE } from '@gatehouse/core';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import {
  type ActivityKind,
  type ActivityPage,
  activityListQueryKey,
  type CallFilters,
  type DoorLogFilters,
  getActivityPage,
} from '../../../lib/activity';

export type ActivityData<Row> = InfiniteData<ActivityPage<Row>>;

/**
 * GET /buildings/{id}/door_logs or /calls as an endless list: the first page, then the older pages one
 * by one with the previous page's `meta.next_cursor` (until it is null).
 */
export function useActivityList<Row>(
  buildingId: string,
  kind: ActivityKind,
  filters: DoorLogFilters | CallFilters,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: activityListQueryKey(buildingId, kind, filters),
    queryFn: ({ pageParam }) =>
      getActivityPage<Row>(buildingId, kind, filters, { cursor: pageParam, limit: ACTIVITY_PAGE_SIZE }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
