import type { pincodeBodySchema } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { patchCachedDoor } from './door-cache';
import { type Door, doorPath } from './get-door';

export type PincodeBody = z.input<typeof pincodeBodySchema>;

/** PUT /buildings/{b}/doors/{d}/pincode: the keypad code (4 to 8 digits); the reply is the door. */
export async function setPincode(buildingId: string, doorId: string, body: PincodeBody): Promise<Door> {
  const { data } = await apiClient.put<Door>(`${doorPath(buildingId, doorId)}/pincode`, body);
  return data;
}

export function useSetPincode(buildingId: string, doorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PincodeBody) => setPincode(buildingId, doorId, body),
    onSuccess: (door) => patchCachedDoor(queryClient, buildingId, doorId, { hasPincode: door.hasPincode }),
  });
}
