import { type CamelCasedKeys, DOOR_LIST_LIMIT, type Door as WireDoor } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/*
 * A building's door list is read by the doors pages, the activity filters (a door select) and the
 * dashboard (its doors with problems), so its query lives here; the doors feature keeps it live.
 */

/** A door after the camelCase mapping (the keys inside `driverConfig` are camelCased too). */
export type Door = CamelCasedKeys<WireDoor>;

export interface DoorList {
  doors: Door[];
  /** How many doors the building has; more than `doors` holds when the list was cut at the limit. */
  total: number;
}

export const doorsQueryKey = (buildingId: string) => ['doors', buildingId, 'list'] as const;

/** GET /buildings/{b}/doors: at most 250 doors, by name (`meta.total` counts them all). */
export async function getDoors(buildingId: string): Promise<DoorList> {
  const { data, meta } = await apiClient.get<Door[]>(`/buildings/${encodeURIComponent(buildingId)}/doors`);
  const total = typeof meta?.total === 'number' ? meta.total : data.length;
  return { doors: data.slice(0, DOOR_LIST_LIMIT), total: Math.max(total, data.length) };
}

export function useDoors(buildingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: doorsQueryKey(buildingId), queryFn: () => getDoors(buildingId), enabled });
}
