import type { CamelCasedKeys, VisitorAccess as WireVisitorAccess } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** What a visitor's page shows: who they are, where, and the doors they may open now. */
export type VisitorAccess = CamelCasedKeys<WireVisitorAccess>;

export const visitorAccessQueryKey = (uuid: string) => ['visitor-access', uuid] as const;

/** Windows open and close as time passes: the doors are asked for again this often. */
export const VISITOR_DOORS_REFRESH_MS = 60_000;

/**
 * GET /visitors/{uuid} (no auth). 404 link_invalid for an unknown link, 410 link_expired or
 * link_revoked for one that no longer works; 429 when asked too often.
 */
export async function getVisitorAccess(uuid: string): Promise<VisitorAccess> {
  const { data } = await apiClient.get<VisitorAccess>(`/visitors/${encodeURIComponent(uuid)}`, {
    auth: false,
  });
  return data;
}

export function useVisitorAccess(uuid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: visitorAccessQueryKey(uuid),
    queryFn: () => getVisitorAccess(uuid),
    enabled,
    refetchInterval: (query) => (query.state.status === 'success' ? VISITOR_DOORS_REFRESH_MS : false),
  });
}
