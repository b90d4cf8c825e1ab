import {
  type CamelCasedKeys,
  doorOpenBodySchema,
  type DoorOpenResult as WireDoorOpenResult,
} from '@gatehouse/core';
import { apiClient } from '../../../lib/api-client';

export type DoorOpenResult = CamelCasedKeys<WireDoorOpenResult>;

/**
 * POST /buildings/{b}/doors/{d}/open with `{via: "webapp"}` (decision 005): a member outside every
 * window is refused with 403 outside_schedule; a driver failure is 502.
 */
export async function openMyDoor(buildingId: string, doorId: string): Promise<DoorOpenResult> {
  const { data } = await apiClient.post<DoorOpenResult>(
    `/buildings/${encodeURIComponent(buildingId)}/doors/${encodeURIComponent(doorId)}/open`,
    doorOpenBodySchema.parse({ via: 'webapp' }),
  );
  return data;
}
