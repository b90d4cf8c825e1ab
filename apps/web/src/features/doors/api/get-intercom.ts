import type { CamelCasedKeys, Intercom as WireIntercom } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';
import { doorPath } from './get-door';

/** A door's intercom (never with its password). */
export type Intercom = CamelCasedKeys<WireIntercom>;

export const intercomQueryKey = (buildingId: string, doorId: string) =>
  ['intercoms', buildingId, doorId] as const;

export function intercomPath(buildingId: string, doorId: string): string {
  return `${doorPath(buildingId, doorId)}/intercom`;
}

/** GET /buildings/{b}/doors/{d}/intercom; a door without an intercom (404) gives null. */
export async function getIntercom(buildingId: string, doorId: string): Promise<Intercom | null> {
  try {
    const { data } = await apiClient.get<Intercom>(intercomPath(buildingId, doorId));
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useIntercom(buildingId: string, doorId: string) {
  return useQuery({
    queryKey: intercomQueryKey(buildingId, doorId),
    queryFn: () => getIntercom(buildingId, doorId),
  });
}
