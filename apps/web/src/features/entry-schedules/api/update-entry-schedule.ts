import type { EntryScheduleUpdateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type EntrySchedule, entrySchedulePath, storeEntrySchedule } from './get-entry-schedule';

/** PUT /units/{u}/entry_schedules/{doorId}: a new window (dates and times). */
export async function updateEntrySchedule(
  unitId: string,
  doorId: string,
  body: EntryScheduleUpdateBody,
): Promise<EntrySchedule> {
  const { data } = await apiClient.put<EntrySchedule>(entrySchedulePath(unitId, doorId), body);
  return data;
}

export function useUpdateEntrySchedule(unitId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntryScheduleUpdateBody) => updateEntrySchedule(unitId, doorId, body),
    onSuccess: (schedule) => storeEntrySchedule(queryClient, unitId, doorId, schedule),
  });
}
