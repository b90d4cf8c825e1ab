import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateBuildingLists } from '../../../lib/buildings';

/**
 * DELETE /buildings/{id} (superadmin). Without `cascade` the server answers 409 conflict while the
 * building still has units or doors; `?cascade=true` deletes them with it.
 */
export async function deleteBuilding({ buildingId, cascade }: { buildingId: string; cascade: boolean }) {
  await apiClient.delete<null>(`/buildings/${encodeURIComponent(buildingId)}`, undefined, {
    params: cascade ? { cascade: 'true' } : undefined,
  });
}

export function useDeleteBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBuilding,
    onSuccess: () => invalidateBuildingLists(queryClient),
  });
}
