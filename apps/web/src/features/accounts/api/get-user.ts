import { USER_PRELOADS } from '@gatehouse/core';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { User } from './get-users';

export const userQueryKey = (userId: string) => ['users', 'detail', userId] as const;

export function userPath(userId: string): string {
  return `/users/${encodeURIComponent(userId)}`;
}

/** GET /users/{id}?preloads=memberships_unit_building,managerships_building,sessions. */
export async function getUser(userId: string): Promise<User> {
  const { data } = await apiClient.get<User>(userPath(userId), { params: { preloads: [...USER_PRELOADS] } });
  return data;
}

export function useUser(userId: string) {
  return useQuery({ queryKey: userQueryKey(userId), queryFn: () => getUser(userId) });
}
