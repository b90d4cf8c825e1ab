import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadImage } from '../../../lib/assets';
import { type Building, buildingQueryKey, invalidateBuildingLists } from '../../../lib/buildings';
import { updateBuilding } from './update-building';

/**
 * A new building photo: the upload (create, bytes, finish), then PUT /buildings/{id} with its id;
 * null removes the photo. The server deletes the photo it replaces.
 */
export async function setBuildingPhoto(buildingId: string, file: File | null): Promise<Building> {
  const asset = file ? await uploadImage(file, { purpose: 'building_photo', buildingId }) : null;
  return updateBuilding(buildingId, { photo_asset_id: asset?.id ?? null });
}

export function useSetBuildingPhoto(buildingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => setBuildingPhoto(buildingId, file),
    onSuccess: async (building) => {
      queryClient.setQueryData(buildingQueryKey(buildingId), building);
      await invalidateBuildingLists(queryClient);
    },
  });
}
