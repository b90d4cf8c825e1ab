import { DOOR_LIST_LIMIT } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Door } from './get-door';

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
