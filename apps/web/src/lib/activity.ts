import {
  type CallListQuery,
  type CamelCasedKeys,
  callListQuerySchema,
  type DoorLogListQuery,
  doorLogListQuerySchema,
  type Call as WireCall,
  type DoorLog as WireDoorLog,
  type Statistics as WireStatistics,
} from '@gatehouse/core';
import { apiClient } from './api-client';

/*
 * Door activity and intercom calls (decision 007) are read by the activity pages and by the dashboard
 * (its latest door events and 14-day chart), so their calls live here. Both lists page by cursor,
 * newest first; the statistics are counts per calendar day in the building's time zone.
 */

export type DoorLog = CamelCasedKeys<WireDoorLog>;
export type Call = CamelCasedKeys<WireCall>;
export type Statistics = CamelCasedKeys<WireStatistics>;

export type ActivityKind = 'door_logs' | 'calls';

/** The filters of a list, as the API takes them (snake_case; instants for `from` and `to`). */
export type DoorLogFilters = Omit<DoorLogListQuery, 'cursor' | 'limit'>;
export type CallFilters = Omit<CallListQuery, 'cursor' | 'limit'>;

/** One page of an activity list: its rows (newest first) and the cursor of the next, older page. */
export interface ActivityPage<Row> {
  rows: Row[];
  nextCursor: string | null;
}

/** Every activity query of a building starts with this key. */
export const activityQueryKey = (buildingId: string) => ['activity', buildingId] as const;

export const activityListQueryKey = (
  buildingId: string,
  kind: ActivityKind,
  filters: DoorLogFilters | CallFilters,
) => [...activityQueryKey(buildingId), kind, 'list', filters] as const;

/** The dashboard's latest door events of a building. */
export const latestDoorLogsQueryKey = (buildingId: string) =>
  [...activityQueryKey(buildingId), 'door_logs', 'latest'] as const;

export const statisticsQueryKey = (buildingId: string, kind: ActivityKind, from: string, to: string) =>
  [...activityQueryKey(buildingId), 'statistics', kind, from, to] as const;

function activityPath(buildingId: string, kind: ActivityKind, suffix = ''): string {
  return `/buildings/${encodeURIComponent(buildingId)}/${kind}${suffix}`;
}

/** The query string of a list or its CSV export, checked with the core schema of the call. */
export function activityParams(
  kind: ActivityKind,
  filters: DoorLogFilters | CallFilters,
  page: { cursor?: string | undefined; limit?: number | undefined } = {},
): Record<string, string | number | undefined> {
  const schema = kind === 'door_logs' ? doorLogListQuerySchema : callListQuerySchema;
  const { limit, ...rest } = schema.parse({ ...filters, ...page });
  return page.limit === undefined ? { ...rest } : { ...rest, limit };
}

/** GET /buildings/{id}/door_logs or /calls: one page, `cursor` for the pages after the first. */
export async function getActivityPage<Row>(
  buildingId: string,
  kind: ActivityKind,
  filters: DoorLogFilters | CallFilters,
  page: { cursor?: string | undefined; limit?: number | undefined } = {},
): Promise<ActivityPage<Row>> {
  const { data, meta } = await apiClient.get<Row[]>(activityPath(buildingId, kind), {
    params: activityParams(kind, filters, page),
  });
  const nextCursor = typeof meta?.nextCursor === 'string' ? meta.nextCursor : null;
  return { rows: data, nextCursor };
}

/** The API path of a list's CSV export (`door_logs.csv`, `calls.csv`). */
export function activityCsvPath(buildingId: string, kind: ActivityKind): string {
  return activityPath(buildingId, kind, '.csv');
}

/** GET /buildings/{id}/statistics/door_logs or /calls: counts per day, `from` and `to` included. */
export async function getStatistics(
  buildingId: string,
  kind: ActivityKind,
  from: string,
  to: string,
): Promise<Statistics> {
  const { data } = await apiClient.get<Statistics>(
    `/buildings/${encodeURIComponent(buildingId)}/statistics/${kind}`,
    { params: { from, to } },
  );
  return data;
}
