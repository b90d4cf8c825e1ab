import type { VisitorCreateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { visitorQueryKey } from './get-visitor';
import { invalidateVisitors, type Visitor, visitorsPath } from './get-visitors';

/** POST /units/{u}/visitors: the visitor with their link (201); by default valid from now for 24 hours. */
export async function createVisitor(unitId: string, body: VisitorCreateBody): Promise<Visitor> {
  const { data } = await apiClient.post<Visitor>(visitorsPath(unitId), body);
  return data;
}

export function useCreateVisitor(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitorCreateBody) => createVisitor(unitId, body),
    onSuccess: async (visitor) => {
      queryClient.setQueryData(visitorQueryKey(unitId, visitor.id), visitor);
      await invalidateVisitors(queryClient, unitId);
    },
  });
}
