import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Manager, managersPath } from './get-managers';

export const managerQueryKey = (buildingId: string, managerId: string) =>
  ['managers', buildingId, 'detail', managerId] as const;

export function managerPath(buildingId: string, managerId: string): string {
  return `${managersPath(buildingId)}/${encodeURIComponent(managerId)}`;
}

/** GET /buildings/{b}/managers/{m}. */
export async function getManager(buildingId: string, managerId: string): Promise<Manager> {
  const { data } = await apiClient.get<Manager>(managerPath(buildingId, managerId));
  return data;
}

export function useManager(buildingId: string, managerId: string) {
  return useQuery({
    queryKey: managerQueryKey(buildingId, managerId),
    queryFn: () => getManager(buildingId, managerId),
  });
}
