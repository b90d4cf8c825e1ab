import type { DoorUpdateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Door, doorPath, doorQueryKey } from './get-door';
import { doorsQueryKey } from './get-doors';

/** PUT /buildings/{b}/doors/{d}: absent fields stay; a new driver comes with its settings. */
export async function updateDoor(buildingId: string, doorId: string, body: DoorUpdateBody): Promise<Door> {
  const { data } = await apiClient.put<Door>(doorPath(buildingId, doorId), body);
  return data;
}

export function useUpdateDoor(buildingId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DoorUpdateBody) => updateDoor(buildingId, doorId, body),
    onSuccess: (door) => {
      // The reply has no intercom preloaded: keep the one already shown.
      queryClient.setQueryData<Door>(doorQueryKey(buildingId, doorId), (previous) => ({
        ...door,
        ...(previous && previous.intercom !== undefined && door.intercom === undefined
          ? { intercom: previous.intercom }
          : {}),
      }));
      return queryClient.invalidateQueries({ queryKey: doorsQueryKey(buildingId) });
    },
  });
}
