import type { IntercomCreateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { doorQueryKey } from './get-door';
import { type Intercom, intercomPath, intercomQueryKey } from './get-intercom';

/** POST /buildings/{b}/doors/{d}/intercom: the door's intercom device account; 409 when it has one. */
export async function createIntercom(
  buildingId: string,
  doorId: string,
  body: IntercomCreateBody,
): Promise<Intercom> {
  const { data } = await apiClient.post<Intercom>(intercomPath(buildingId, doorId), body);
  return data;
}

export function useCreateIntercom(buildingId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntercomCreateBody) => createIntercom(buildingId, doorId, body),
    onSuccess: (intercom) => {
      queryClient.setQueryData(intercomQueryKey(buildingId, doorId), intercom);
      return queryClient.invalidateQueries({ queryKey: doorQueryKey(buildingId, doorId) });
    },
  });
}
