import { ACTIVITY_PAGE_SIZE, type BuildingEvent } from '@gatehouse/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  type ActivityKind,
  type ActivityPage,
  activityListQueryKey,
  type CallFilters,
  type DoorLogFilters,
  getActivityPage,
} from '../../../lib/activity';
import { type BuildingEventsState, useBuildingEvents } from '../../../lib/building-events';
import { createThrottle } from '../../../lib/throttle';
import type { ActivityData } from './use-activity-list';

/** At most one reload of a live list's newest page per this many milliseconds (tests shorten it). */
export const liveActivity = { reloadMs: 1000 };

interface Row {
  id: string;
}

/** Newest first by (time, id), as the server orders the list. */
function newerFirst<R extends Row>(timeOf: (row: R) => string) {
  return (a: R, b: R) => {
    const difference = Date.parse(timeOf(b)) - Date.parse(timeOf(a));
    if (difference !== 0) return difference;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  };
}

/**
 * Merges a freshly read newest page into the pages on screen, so rows that arrived meanwhile appear at
 * the top without losing the older pages the user has loaded, and without duplicates:
 * - the fresh rows make up the top of the list (a row already shown is replaced by its fresh version,
 *   e.g. a call that has been answered since);
 * - a shown row that is newer than the oldest fresh row but not among the fresh rows no longer
 *   matches the filters (a ringing call was answered) and is dropped;
 * - every older row stays where it is, so the pages' cursors stay valid (keyset cursors do not move);
 * - when the fresh page does not reach the rows shown (more new rows than a page holds), the gap
 *   cannot be filled from here: the list starts again from the fresh page.
 */
export function mergeNewestPage<R extends Row>(
  data: ActivityData<R>,
  fresh: ActivityPage<R>,
  timeOf: (row: R) => string,
): ActivityData<R> {
  const reset: ActivityData<R> = { pages: [fresh], pageParams: [undefined] };
  const oldestFresh = fresh.rows.at(-1);
  // The fresh page is the whole list, or the list is now empty.
  if (!oldestFresh || fresh.nextCursor === null) return reset;
  const order = newerFirst(timeOf);
  const newestShown = data.pages.find((page) => page.rows.length > 0)?.rows[0];
  if (newestShown && order(oldestFresh, newestShown) < 0) return reset;
  const freshIds = new Set(fresh.rows.map((row) => row.id));
  const keep = (row: R) => !freshIds.has(row.id) && order(row, oldestFresh) > 0;
  const pages = data.pages.map((page, index) => ({
    ...page,
    rows: index === 0 ? [...fresh.rows, ...page.rows.filter(keep)] : page.rows.filter(keep),
  }));
  return { ...data, pages };
}

/** Applies `change` to every row of the cached list (`null` removes the row). */
export function updateRows<R extends Row>(
  data: ActivityData<R>,
  change: (row: R) => R | null,
): ActivityData<R> {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      rows: page.rows.flatMap((row) => {
        const next = change(row);
        return next ? [next] : [];
      }),
    })),
  };
}

interface LiveActivityOptions<R extends Row> {
  buildingId: string;
  kind: ActivityKind;
  filters: DoorLogFilters | CallFilters;
  /** The time the list is ordered by. */
  timeOf: (row: R) => string;
  /**
   * What an event means for the list on screen: `reload` its newest page (a new row may have to
   * appear), or nothing. It may also change cached rows at once through `update`.
   */
  onEvent: (
    event: BuildingEvent,
    context: { data: ActivityData<R> | undefined; update: (change: (row: R) => R | null) => void },
  ) => 'reload' | 'ignore';
  enabled?: boolean;
}

/**
 * Keeps an activity list live from the building's event stream: an event that may add or change a
 * row reloads the newest page (at most once a second, in the background) and merges it into the
 * pages on screen; after a reconnect, when events may have been missed, it does the same.
 */
export function useLiveActivity<R extends Row>(options: LiveActivityOptions<R>): BuildingEventsState {
  const queryClient = useQueryClient();
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const throttle = useRef<ReturnType<typeof createThrottle> | undefined>(undefined);
  const reloadNewest = async (): Promise<void> => {
    const { buildingId, kind, filters, timeOf } = optionsRef.current;
    const queryKey = activityListQueryKey(buildingId, kind, filters);
    // Not loaded yet: its first page, on its way, has the news.
    if (!queryClient.getQueryData(queryKey)) return;
    // A page being loaded now would be stored on top of the merge: try again once it is in.
    const busy = () => queryClient.isFetching({ queryKey, exact: true }) > 0;
    if (busy()) {
      throttle.current?.run();
      return;
    }
    try {
      const fresh = await getActivityPage<R>(buildingId, kind, filters, { limit: ACTIVITY_PAGE_SIZE });
      if (busy()) {
        throttle.current?.run();
        return;
      }
      queryClient.setQueryData<ActivityData<R>>(queryKey, (data) =>
        data ? mergeNewestPage(data, fresh, timeOf) : data,
      );
    } catch (error) {
      console.error('The newest activity could not be loaded', error);
    }
  };
  const reloadRef = useRef(reloadNewest);
  useEffect(() => {
    reloadRef.current = reloadNewest;
  });
  if (!throttle.current) {
    throttle.current = createThrottle(
      () => void reloadRef.current(),
      () => liveActivity.reloadMs,
    );
  }
  useEffect(() => () => throttle.current?.cancel(), []);

  return useBuildingEvents(
    options.buildingId,
    {
      onEvent: (event) => {
        const { buildingId, kind, filters } = optionsRef.current;
        const queryKey = activityListQueryKey(buildingId, kind, filters);
        const update = (change: (row: R) => R | null) =>
          queryClient.setQueryData<ActivityData<R>>(queryKey, (data) =>
            data ? updateRows(data, change) : data,
          );
        const data = queryClient.getQueryData<ActivityData<R>>(queryKey);
        if (optionsRef.current.onEvent(event, { data, update }) === 'reload') throttle.current?.run();
      },
      onResync: () => throttle.current?.run(),
    },
    { enabled: options.enabled ?? true },
  );
}
