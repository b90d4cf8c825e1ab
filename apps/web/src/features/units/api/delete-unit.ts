import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateUnitLists, unitPath } from '../../../lib/units';

/** DELETE /units/{id}: its memberships, visitors and schedules go with it. */
export async function deleteUnit(unitId: string): Promise<void> {
  await apiClient.delete<null>(unitPath(unitId));
}

export function useDeleteUnit(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUnit(unitId),
    onSuccess: async () => {
      // Marked stale without reloading now (the page showing it is being left): a later visit asks again.
      await queryClient.invalidateQueries({ queryKey: ['units', 'detail', unitId], refetchType: 'none' });
      await invalidateUnitLists(queryClient);
    },
  });
}
