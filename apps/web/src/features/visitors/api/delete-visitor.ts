import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { visitorPath, visitorQueryKey } from './get-visitor';
import { invalidateVisitors } from './get-visitors';

/** DELETE /units/{u}/visitors/{v}: the link stops working and the visitor is gone. */
export async function deleteVisitor(unitId: string, visitorId: string): Promise<void> {
  await apiClient.delete<null>(visitorPath(unitId, visitorId));
}

export function useDeleteVisitor(unitId: string, visitorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVisitor(unitId, visitorId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({
        queryKey: visitorQueryKey(unitId, visitorId),
        refetchType: 'none',
      });
      await invalidateVisitors(queryClient, unitId);
    },
  });
}
