import type { CamelCasedKeys, EntrySchedule as WireEntrySchedule } from '@gatehouse/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';
import { invalidateUnit, unitPath } from '../../../lib/units';

/** An entry schedule after the camelCase mapping (dates and clock times in the building's time zone). */
export type EntrySchedule = CamelCasedKeys<WireEntrySchedule>;

export const entryScheduleQueryKey = (unitId: string, doorId: string) =>
  ['entry-schedules', unitId, doorId] as const;

export function entrySchedulesPath(unitId: string): string {
  return `${unitPath(unitId)}/entry_schedules`;
}

export function entrySchedulePath(unitId: string, doorId: string): string {
  return `${entrySchedulesPath(unitId)}/${encodeURIComponent(doorId)}`;
}

/**
 * GET /units/{u}/entry_schedules/{doorId}?preloads=door: the schedule, or null when the unit has
 * none for the door (404: the page then offers to create one). Other failures are thrown.
 */
export async function getEntrySchedule(unitId: string, doorId: string): Promise<EntrySchedule | null> {
  try {
    const { data } = await apiClient.get<EntrySchedule>(entrySchedulePath(unitId, doorId), {
      params: { preloads: 'door' },
    });
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useEntrySchedule(unitId: string, doorId: string) {
  return useQuery({
    queryKey: entryScheduleQueryKey(unitId, doorId),
    queryFn: () => getEntrySchedule(unitId, doorId),
  });
}

/** A schedule came, changed or went: this page's entry, and the unit's preloaded schedules. */
export async function storeEntrySchedule(
  queryClient: QueryClient,
  unitId: string,
  doorId: string,
  schedule: EntrySchedule | null,
): Promise<void> {
  queryClient.setQueryData<EntrySchedule | null>(entryScheduleQueryKey(unitId, doorId), (previous) =>
    // A reply without the door keeps the one already known.
    schedule && previous?.door && !schedule.door ? { ...schedule, door: previous.door } : schedule,
  );
  await invalidateUnit(queryClient, unitId);
}
