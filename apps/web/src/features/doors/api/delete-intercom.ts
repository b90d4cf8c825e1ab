import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { doorQueryKey } from './get-door';
import { intercomPath, intercomQueryKey } from './get-intercom';

/** DELETE /buildings/{b}/doors/{d}/intercom. */
export async function deleteIntercom(buildingId: string, doorId: string): Promise<void> {
  await apiClient.delete<null>(intercomPath(buildingId, doorId));
}

export function useDeleteIntercom(buildingId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteIntercom(buildingId, doorId),
    onSuccess: () => {
      queryClient.setQueryData(intercomQueryKey(buildingId, doorId), null);
      return queryClient.invalidateQueries({ queryKey: doorQueryKey(buildingId, doorId) });
    },
  });
}
