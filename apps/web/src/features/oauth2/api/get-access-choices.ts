import { MAX_PAGE_SIZE } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface BuildingChoice {
  id: string;
  name: string;
}

export interface DoorChoice {
  id: string;
  name: string;
  building: BuildingChoice;
}

export interface AccessChoices {
  buildings: BuildingChoice[];
  doors: DoorChoice[];
}

/**
 * What a user may limit an app's access to: the buildings they manage or belong to (GET /buildings)
 * and the doors they may open (GET /me/doors), whose buildings count too (a member's schedule may
 * reach a building the list leaves out).
 */
export async function getAccessChoices(): Promise<AccessChoices> {
  const [buildings, doors] = await Promise.all([
    apiClient.get<BuildingChoice[]>('/buildings', {
      params: { sort: 'name', order: 'asc', page: 1, pageSize: MAX_PAGE_SIZE },
    }),
    apiClient.get<DoorChoice[]>('/me/doors'),
  ]);
  const byId = new Map<string, BuildingChoice>();
  for (const { id, name } of buildings.data) byId.set(id, { id, name });
  for (const door of doors.data) if (!byId.has(door.building.id)) byId.set(door.building.id, door.building);
  return {
    buildings: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name)),
    doors: doors.data.map(({ id, name, building }) => ({ id, name, building })),
  };
}

export function useAccessChoices({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: ['me', 'oauth2AccessChoices'], queryFn: getAccessChoices, enabled });
}
