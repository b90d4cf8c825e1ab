import { useQuery } from '@tanstack/react-query';
import {
  type ActivityKind,
  type DoorLog,
  getActivityPage,
  getStatistics,
  latestDoorLogsQueryKey,
  statisticsQueryKey,
} from '../../../lib/activity';

/** How many days the dashboard's chart covers (today included), and how many door events a card lists. */
export const CHART_DAYS = 14;
export const LATEST_DOOR_LOGS = 5;

/** GET /buildings/{id}/statistics/door_logs or /calls for the chart: `from` and `to` are building days. */
export function useBuildingStatistics(
  buildingId: string,
  kind: ActivityKind,
  range: { from: string; to: string },
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    queryKey: statisticsQueryKey(buildingId, kind, range.from, range.to),
    queryFn: () => getStatistics(buildingId, kind, range.from, range.to),
    enabled,
  });
}

/** GET /buildings/{id}/door_logs?limit=5: the newest door events of a building. */
export function useLatestDoorLogs(buildingId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: latestDoorLogsQueryKey(buildingId),
    queryFn: async () =>
      (await getActivityPage<DoorLog>(buildingId, 'door_logs', {}, { limit: LATEST_DOOR_LOGS })).rows,
    enabled,
  });
}
