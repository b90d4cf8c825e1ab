import type { BuildingEvent } from '@gatehouse/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { activityQueryKey, latestDoorLogsQueryKey } from '../../../lib/activity';
import { type Building, buildingQueryKey, getBuilding } from '../../../lib/buildings';
import { doorsQueryKey } from '../../../lib/doors';
import type { EventStreamState } from '../../../lib/event-stream';
import { useMyEvents } from '../../../lib/my-events';
import { createThrottle } from '../../../lib/throttle';
import { type DashboardBuildings, dashboardBuildingsQueryKey } from './get-dashboard-buildings';

/** At most one refresh of a card per this many milliseconds, however many events arrive (tests shorten it). */
export const dashboardLive = { refreshMs: 1000 };

/** What of a card an event makes stale. */
type Part = 'summary' | 'doors' | 'doorLogs' | 'calls';

const PARTS_OF: Record<BuildingEvent['type'], readonly Part[]> = {
  // A door's status changes the summary's counts and which doors have problems.
  door_status: ['summary', 'doors'],
  // An opening counts today, in the chart and among the latest events.
  door_opened: ['summary', 'doorLogs'],
  call: ['summary', 'calls'],
};
const ALL_PARTS: readonly Part[] = ['summary', 'doors', 'doorLogs', 'calls'];

/** Reads one building again and puts it in the dashboard's list, so only its card changes. */
async function refreshSummary(queryClient: QueryClient, buildingId: string): Promise<void> {
  try {
    const building = await getBuilding(buildingId);
    queryClient.setQueryData<DashboardBuildings>(dashboardBuildingsQueryKey, (list) =>
      list
        ? { ...list, buildings: list.buildings.map((item) => (item.id === buildingId ? building : item)) }
        : list,
    );
    queryClient.setQueryData<Building>(buildingQueryKey(buildingId), building);
  } catch (error) {
    console.error(`Building ${buildingId} could not be refreshed`, error);
  }
}

function refresh(queryClient: QueryClient, buildingId: string, parts: ReadonlySet<Part>): void {
  if (parts.has('summary')) void refreshSummary(queryClient, buildingId);
  if (parts.has('doors')) void queryClient.invalidateQueries({ queryKey: doorsQueryKey(buildingId) });
  if (parts.has('doorLogs')) {
    void queryClient.invalidateQueries({ queryKey: latestDoorLogsQueryKey(buildingId) });
    void queryClient.invalidateQueries({
      queryKey: [...activityQueryKey(buildingId), 'statistics', 'door_logs'],
    });
  }
  if (parts.has('calls')) {
    void queryClient.invalidateQueries({
      queryKey: [...activityQueryKey(buildingId), 'statistics', 'calls'],
    });
  }
}

interface CardRefresher {
  parts: Set<Part>;
  throttle: ReturnType<typeof createThrottle>;
}

/**
 * Keeps every card of the dashboard live on ONE connection, `GET /me/events` (one per card would
 * exhaust the browser's connections per origin): an event refreshes only its building's card, and
 * only the parts it changes, at most once a second per building (events in between are gathered into
 * the next refresh). After a reconnect every card is refreshed. Events of buildings not on the
 * dashboard are ignored.
 */
export function useDashboardLive(buildings: readonly Building[]): EventStreamState {
  const queryClient = useQueryClient();
  const shown = useRef(new Set<string>());
  useEffect(() => {
    shown.current = new Set(buildings.map((building) => building.id));
  }, [buildings]);
  const refreshers = useRef(new Map<string, CardRefresher>());
  useEffect(() => {
    const current = refreshers.current;
    return () => {
      for (const refresher of current.values()) refresher.throttle.cancel();
      current.clear();
    };
  }, []);

  const mark = (buildingId: string, parts: readonly Part[]) => {
    let refresher = refreshers.current.get(buildingId);
    if (!refresher) {
      const created: CardRefresher = {
        parts: new Set(),
        throttle: createThrottle(
          () => {
            const due = new Set(created.parts);
            created.parts.clear();
            if (due.size > 0) refresh(queryClient, buildingId, due);
          },
          () => dashboardLive.refreshMs,
        ),
      };
      refresher = created;
      refreshers.current.set(buildingId, created);
    }
    for (const part of parts) refresher.parts.add(part);
    refresher.throttle.run();
  };

  return useMyEvents(
    {
      onEvent: (event) => {
        if (shown.current.has(event.building_id)) mark(event.building_id, PARTS_OF[event.type]);
      },
      onResync: () => {
        for (const buildingId of shown.current) mark(buildingId, ALL_PARTS);
      },
    },
    { enabled: buildings.length > 0 },
  );
}
