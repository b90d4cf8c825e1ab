import {
  type CamelCasedKeys,
  doorOpenBodySchema,
  type DoorOpenResult as WireDoorOpenResult,
} from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { patchCachedDoor } from './door-cache';
import { doorPath } from './get-door';

export type DoorOpenResult = CamelCasedKeys<WireDoorOpenResult>;

/**
 * POST /buildings/{b}/doors/{d}/open with `{via: "dashboard"}` (the door log tells dashboard and
 * webapp opens apart): what happened and the door's new status; a driver failure is 502 bad_gateway
 * (the attempt is logged all the same).
 */
export async function openDoor(buildingId: string, doorId: string): Promise<DoorOpenResult> {
  const { data } = await apiClient.post<DoorOpenResult>(
    `${doorPath(buildingId, doorId)}/open`,
    doorOpenBodySchema.parse({ via: 'dashboard' }),
  );
  return data;
}

export function useOpenDoor(buildingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doorId: string) => openDoor(buildingId, doorId),
    onSuccess: (result, doorId) =>
      patchCachedDoor(queryClient, buildingId, doorId, { status: result.status }),
  });
}
