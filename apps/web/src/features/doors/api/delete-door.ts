import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { buildingQueryKey, invalidateBuildingLists } from '../../../lib/buildings';
import { doorPath } from './get-door';
import { doorsQueryKey } from './get-doors';

/** DELETE /buildings/{b}/doors/{d}. */
export async function deleteDoor(buildingId: string, doorId: string): Promise<void> {
  await apiClient.delete<null>(doorPath(buildingId, doorId));
}

export function useDeleteDoor(buildingId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDoor(buildingId, doorId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: doorsQueryKey(buildingId) }),
        queryClient.invalidateQueries({ queryKey: buildingQueryKey(buildingId) }),
        invalidateBuildingLists(queryClient),
      ]),
  });
}
