import type { UnitUpdateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateUnit, invalidateUnitLists, type Unit, unitPath } from '../../../lib/units';

/** PUT /units/{id}: name, floor and the delegates (who must be members of the unit; null removes one). */
export async function updateUnit(unitId: string, body: UnitUpdateBody): Promise<Unit> {
  const { data } = await apiClient.put<Unit>(unitPath(unitId), body);
  return data;
}

export function useUpdateUnit(unitId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnitUpdateBody) => updateUnit(unitId, body),
    onSuccess: () => Promise.all([invalidateUnit(queryClient, unitId), invalidateUnitLists(queryClient)]),
  });
}
