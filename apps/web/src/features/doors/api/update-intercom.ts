import type { IntercomUpdateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { doorQueryKey } from './get-door';
import { type Intercom, intercomPath, intercomQueryKey } from './get-intercom';

/** PUT /buildings/{b}/doors/{d}/intercom: email and password change only on a superadmin's update. */
export async function updateIntercom(
  buildingId: string,
  doorId: string,
  body: IntercomUpdateBody,
): Promise<Intercom> {
  const { data } = await apiClient.put<Intercom>(intercomPath(buildingId, doorId), body);
  return data;
}

export function useUpdateIntercom(buildingId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntercomUpdateBody) => updateIntercom(buildingId, doorId, body),
    onSuccess: (intercom) => {
      queryClient.setQueryData(intercomQueryKey(buildingId, doorId), intercom);
      return queryClient.invalidateQueries({ queryKey: doorQueryKey(buildingId, doorId) });
    },
  });
}
