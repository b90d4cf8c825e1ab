import type { BuildingUpdateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Building, buildingQueryKey, invalidateBuildingLists } from '../../../lib/buildings';

/** PUT /buildings/{id}: absent fields stay as they are. */
export async function updateBuilding(buildingId: string, body: BuildingUpdateBody): Promise<Building> {
  const { data } = await apiClient.put<Building>(`/buildings/${encodeURIComponent(buildingId)}`, body);
  return data;
}

export function useUpdateBuilding(buildingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuildingUpdateBody) => updateBuilding(buildingId, body),
    onSuccess: async (building) => {
      await invalidateBuildingLists(queryClient);
      queryClient.setQueryData(buildingQueryKey(buildingId), building);
    },
  });
}
