import type { CamelCasedKeys, MyDoor as WireMyDoor } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** A door the signed-in user may open now, and why (after the camelCase mapping). */
export type MyDoor = CamelCasedKeys<WireMyDoor>;

export const myDoorsQueryKey = ['me', 'doors'] as const;

/** Schedules open and close doors as time passes: the list is asked for again this often. */
export const MY_DOORS_REFRESH_MS = 60_000;

/** GET /me/doors. */
export async function getMyDoors(): Promise<MyDoor[]> {
  const { data } = await apiClient.get<MyDoor[]>('/me/doors');
  return data;
}

export function useMyDoors() {
  return useQuery({ queryKey: myDoorsQueryKey, queryFn: getMyDoors, refetchInterval: MY_DOORS_REFRESH_MS });
}
