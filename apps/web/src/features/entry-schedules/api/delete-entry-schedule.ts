import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { entrySchedulePath, storeEntrySchedule } from './get-entry-schedule';

/** DELETE /units/{u}/entry_schedules/{doorId}: the unit can no longer open the door. */
export async function deleteEntrySchedule(unitId: string, doorId: string): Promise<void> {
  await apiClient.delete<null>(entrySchedulePath(unitId, doorId));
}

export function useDeleteEntrySchedule(unitId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEntrySchedule(unitId, doorId),
    onSuccess: () => storeEntrySchedule(queryClient, unitId, doorId, null),
  });
}
