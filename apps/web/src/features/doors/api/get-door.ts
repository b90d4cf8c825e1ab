import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Door } from '../../../lib/doors';

export type { Door } from '../../../lib/doors';

export const doorQueryKey = (buildingId: string, doorId: string) =>
  ['doors', buildingId, 'detail', doorId] as const;

export function doorPath(buildingId: string, doorId: string): string {
  return `/buildings/${encodeURIComponent(buildingId)}/doors/${encodeURIComponent(doorId)}`;
}

/** GET /buildings/{b}/doors/{d}, with its intercom preloaded for a user who may read it. */
export async function getDoor(buildingId: string, doorId: string, withIntercom: boolean): Promise<Door> {
  const { data } = await apiClient.get<Door>(doorPath(buildingId, doorId), {
    params: withIntercom ? { preloads: 'intercom' } : undefined,
  });
  return data;
}

export function useDoor(buildingId: string, doorId: string, { withIntercom = false } = {}) {
  return useQuery({
    queryKey: doorQueryKey(buildingId, doorId),
    queryFn: () => getDoor(buildingId, doorId, withIntercom),
  });
}
