import type { BuildingCreateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Building, buildingQueryKey, invalidateBuildingLists } from '../../../lib/buildings';

/** POST /buildings (superadmin): the new building (201). */
export async function createBuilding(body: BuildingCreateBody): Promise<Building> {
  const { data } = await apiClient.post<Building>('/buildings', body);
  return data;
}

export function useCreateBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBuilding,
    onSuccess: async (building) => {
      await invalidateBuildingLists(queryClient);
      queryClient.setQueryData(buildingQueryKey(building.id), building);
    },
  });
}
