import type { ManagerCreateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { managerQueryKey } from './get-manager';
import { type Manager, managersPath, managersQueryKey } from './get-managers';

/**
 * POST /buildings/{b}/managers: an existing user gains the role, a new one is invited by mail
 * (`user.invite_pending`); 409 when the person already manages the building.
 */
export async function createManager(buildingId: string, body: ManagerCreateBody): Promise<Manager> {
  const { data } = await apiClient.post<Manager>(managersPath(buildingId), body);
  return data;
}

export function useCreateManager(buildingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManagerCreateBody) => createManager(buildingId, body),
    onSuccess: (manager) => {
      queryClient.setQueryData(managerQueryKey(buildingId, manager.id), manager);
      return queryClient.invalidateQueries({ queryKey: managersQueryKey(buildingId) });
    },
  });
}
