import type { DoorCreateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { buildingQueryKey, invalidateBuildingLists } from '../../../lib/buildings';
import { type Door, doorQueryKey } from './get-door';
import { doorsQueryKey } from './get-doors';

/** POST /buildings/{b}/doors: the new door (201). */
export async function createDoor(buildingId: string, body: DoorCreateBody): Promise<Door> {
  const { data } = await apiClient.post<Door>(`/buildings/${encodeURIComponent(buildingId)}/doors`, body);
  return data;
}

export function useCreateDoor(buildingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DoorCreateBody) => createDoor(buildingId, body),
    onSuccess: async (door) => {
      queryClient.setQueryData(doorQueryKey(buildingId, door.id), door);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: doorsQueryKey(buildingId) }),
        queryClient.invalidateQueries({ queryKey: buildingQueryKey(buildingId) }),
        invalidateBuildingLists(queryClient),
      ]);
    },
  });
}
