import type {
  CamelCasedKeys,
  SaltoksLock as WireSaltoksLock,
  SaltoksSite as WireSaltoksSite,
} from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';

/*
 * Salto KS (the lock-system provider) as the building and door forms need it: the sites to link a
 * building to, and a linked site's locks to link a door to (decision 008).
 */

export type SaltoksSite = CamelCasedKeys<WireSaltoksSite>;
export type SaltoksLock = CamelCasedKeys<WireSaltoksLock>;

const saltoksQueryKey = ['saltoks'] as const;

/** GET /saltoks/sites. */
export async function getSaltoksSites(): Promise<SaltoksSite[]> {
  const { data } = await apiClient.get<SaltoksSite[]>('/saltoks/sites');
  return data;
}

export function useSaltoksSites() {
  return useQuery({ queryKey: [...saltoksQueryKey, 'sites'], queryFn: getSaltoksSites });
}

/** GET /saltoks/locks?site_id=…. */
export async function getSaltoksLocks(siteId: string): Promise<SaltoksLock[]> {
  const { data } = await apiClient.get<SaltoksLock[]>('/saltoks/locks', { params: { siteId } });
  return data;
}

export function useSaltoksLocks(siteId: string | null | undefined) {
  return useQuery({
    queryKey: [...saltoksQueryKey, 'locks', siteId],
    queryFn: () => getSaltoksLocks(siteId!),
    enabled: Boolean(siteId),
  });
}
