import { openVisitorBodySchema } from '@gatehouse/core';
import { apiClient } from '../../../lib/api-client';
import type { DoorOpenResult } from './open-my-door';

/**
 * POST /doors/{d}/open_visitor with `{uuid}` (no auth): allowed while the link is valid and a
 * schedule of the visitor's unit lets them through now (else 403 outside_schedule or 404).
 */
export async function openVisitorDoor(doorId: string, uuid: string): Promise<DoorOpenResult> {
  const { data } = await apiClient.post<DoorOpenResult>(
    `/doors/${encodeURIComponent(doorId)}/open_visitor`,
    openVisitorBodySchema.parse({ uuid }),
    { auth: false },
  );
  return data;
}
