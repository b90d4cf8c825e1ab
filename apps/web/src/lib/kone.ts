import type {
  CamelCasedKeys,
  KoneBuildingConfig as WireKoneBuildingConfig,
  KoneResource as WireKoneResource,
} from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/*
 * KONE (the elevator provider) as the building and unit forms need it: the KONE buildings to link a
 * building to, and a linked building's floors for a unit's destination floor (decision 008).
 */

export type KoneResource = CamelCasedKeys<WireKoneResource>;
export type KoneBuildingConfig = CamelCasedKeys<WireKoneBuildingConfig>;
export type KoneArea = KoneBuildingConfig['areas'][number];

const koneQueryKey = ['kone'] as const;

/** GET /kone/resources. */
export async function getKoneResources(): Promise<KoneResource[]> {
  const { data } = await apiClient.get<KoneResource[]>('/kone/resources');
  return data;
}

export function useKoneResources() {
  return useQuery({ queryKey: [...koneQueryKey, 'resources'], queryFn: getKoneResources });
}

/** GET /kone/building_config?building_id=…. */
export async function getKoneBuildingConfig(koneBuildingId: string): Promise<KoneBuildingConfig> {
  const { data } = await apiClient.get<KoneBuildingConfig>('/kone/building_config', {
    params: { buildingId: koneBuildingId },
  });
  return data;
}

export function useKoneBuildingConfig(koneBuildingId: string | null | undefined) {
  return useQuery({
    queryKey: [...koneQueryKey, 'config', koneBuildingId],
    queryFn: () => getKoneBuildingConfig(koneBuildingId!),
    enabled: Boolean(koneBuildingId),
  });
}
