import type { UnitCreateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateUnitLists, type Unit, unitQueryKey } from '../../../lib/units';

/** POST /units (building managers): the new unit (201); 409 when the building has a unit of that name. */
export async function createUnit(body: UnitCreateBody): Promise<Unit> {
  const { data } = await apiClient.post<Unit>('/units', body);
  return data;
}

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnit,
    onSuccess: async (unit) => {
      await invalidateUnitLists(queryClient);
      queryClient.setQueryData(unitQueryKey(unit.id), unit);
    },
  });
}
