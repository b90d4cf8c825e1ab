import type { CamelCasedKeys, User as WireUser } from '@gatehouse/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type PageMeta, pageMetaOf } from '../../../lib/lists';

/** A user account as a superadmin sees it, after the camelCase mapping. */
export type User = CamelCasedKeys<WireUser>;

export type UserSort = 'email' | 'last_name' | 'inserted_at';
export type SortOrder = 'asc' | 'desc';

export interface UserListParams {
  search?: string | undefined;
  sort: UserSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export interface UserList {
  users: User[];
  meta: PageMeta;
}

/** Every user query starts with this key. */
export const usersQueryKey = ['users'] as const;

export const userListQueryKey = (params: UserListParams) => [...usersQueryKey, 'list', params] as const;

/** GET /users?search=&sort=&order=&page=&page_size= (superadmin). */
export async function getUsers(params: UserListParams): Promise<UserList> {
  const { data, meta } = await apiClient.get<User[]>('/users', {
    params: { ...params, search: params.search || undefined },
  });
  return {
    users: data,
    meta: pageMetaOf(meta, { itemCount: data.length, page: params.page, pageSize: params.pageSize }),
  };
}

export function useUsers(params: UserListParams) {
  return useQuery({
    queryKey: userListQueryKey(params),
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
  });
}
