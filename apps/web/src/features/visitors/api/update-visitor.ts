import type { visitorUpdateBodySchema } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { visitorPath, visitorQueryKey } from './get-visitor';
import { invalidateVisitors, type Visitor } from './get-visitors';

export type VisitorUpdateBody = z.input<typeof visitorUpdateBodySchema>;

/** PUT /units/{u}/visitors/{v}: `revoked: true` stops the link at once, `false` lets it work again. */
export async function updateVisitor(
  unitId: string,
  visitorId: string,
  body: VisitorUpdateBody,
): Promise<Visitor> {
  const { data } = await apiClient.put<Visitor>(visitorPath(unitId, visitorId), body);
  return data;
}

export function useUpdateVisitor(unitId: string, visitorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VisitorUpdateBody) => updateVisitor(unitId, visitorId, body),
    onSuccess: async (visitor) => {
      queryClient.setQueryData(visitorQueryKey(unitId, visitorId), visitor);
      await invalidateVisitors(queryClient, unitId);
    },
  });
}
