import type { EntryScheduleCreateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type EntrySchedule, entrySchedulesPath, storeEntrySchedule } from './get-entry-schedule';

/** POST /units/{u}/entry_schedules: grants the unit a door (201); 409 when it already has a schedule for it. */
export async function createEntrySchedule(
  unitId: string,
  body: EntryScheduleCreateBody,
): Promise<EntrySchedule> {
  const { data } = await apiClient.post<EntrySchedule>(entrySchedulesPath(unitId), body);
  return data;
}

export function useCreateEntrySchedule(unitId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntryScheduleCreateBody) => createEntrySchedule(unitId, body),
    onSuccess: (schedule) => storeEntrySchedule(queryClient, unitId, doorId, schedule),
  });
}
