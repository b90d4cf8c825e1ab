import type { CamelCasedKeys, Session as WireSession } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type Session = CamelCasedKeys<WireSession>;

export const sessionsQueryKey = ['me', 'sessions'] as const;

/** GET /me/sessions: the signed-in user's sessions; `current` marks this device's. */
export async function getSessions(): Promise<Session[]> {
  const { data } = await apiClient.get<Session[] | { sessions: Session[] }>('/me/sessions');
  // Decision 002 says "list of" sessions: read a bare list, and a `{sessions}` wrapper as well.
  return Array.isArray(data) ? data : (data?.sessions ?? []);
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: getSessions });
}
