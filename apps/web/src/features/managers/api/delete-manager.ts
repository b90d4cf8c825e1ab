import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { managerPath } from './get-manager';
import { managersQueryKey } from './get-managers';

/** DELETE /buildings/{b}/managers/{m}; 409 conflict for the building's last manager (unless superadmin). */
export async function deleteManager(buildingId: string, managerId: string): Promise<void> {
  await apiClient.delete<null>(managerPath(buildingId, managerId));
}

export function useDeleteManager(buildingId: string, managerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteManager(buildingId, managerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managersQueryKey(buildingId) }),
  });
}
