import {
  type CamelCasedKeys,
  EMPTY_ROLE_DATA,
  fromPermissionPropsWire,
  type RoleData,
  toSnakeCase,
  type Account as WireAccount,
} from '@gatehouse/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiClient } from './api-client';
import {
  isLoggedIn,
  subscribeLoggedIn,
  type TokensReply,
  tokenService,
  tokensFromReply,
} from './token-service';

/** `GET /me/account` → `data.account`, after the camelCase mapping. */
export type Account = CamelCasedKeys<WireAccount>;

export const accountQueryKey = ['me', 'account'] as const;

export async function getAccount(): Promise<Account> {
  const { data } = await apiClient.get<{ account: Account }>('/me/account');
  return data.account;
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribeLoggedIn, isLoggedIn, isLoggedIn);
}

export function useAccount() {
  const loggedIn = useLoggedIn();
  const query = useQuery({
    queryKey: accountQueryKey,
    queryFn: getAccount,
    enabled: loggedIn,
    staleTime: 60_000,
  });
  return { ...query, account: loggedIn ? query.data : undefined };
}

export function roleDataOf(account: Account | undefined): RoleData {
  if (!account) return EMPTY_ROLE_DATA;
  // The reply was mapped to camelCase; core reads the wire form, so map the props back to it.
  return fromPermissionPropsWire(toSnakeCase(account.permissionProps ?? {}));
}

export interface RoleDataState {
  roleData: RoleData;
  /** True once the account is loaded: the user's role data exists (empty lists included). */
  hasRoleData: boolean;
  /** True while the signed-in user's account is still loading. */
  isPending: boolean;
}

/** Role data of the signed-in user; `EMPTY_ROLE_DATA` when not logged in (spec 6). */
export function useRoleData(): RoleDataState {
  const loggedIn = useLoggedIn();
  const { account, isPending } = useAccount();
  return {
    roleData: roleDataOf(account),
    hasRoleData: account !== undefined,
    isPending: loggedIn && isPending,
  };
}

/** Stores the tokens of a login, MFA or invite reply; the status update marks the user logged in. */
export function useStartSession(): (reply: TokensReply) => void {
  const queryClient = useQueryClient();
  return (reply) => {
    queryClient.removeQueries({ queryKey: ['me'] });
    tokenService.setStatus(tokensFromReply(reply));
  };
}

/** Ends the current session; a failure is treated like success (spec 4 and 8). */
export async function logOut(): Promise<void> {
  try {
    await apiClient.delete<null>('/me/current_session');
  } catch {
    // Logged out locally below whatever the server said.
  } finally {
    tokenService.setLoggedOut();
  }
}

/** Marks the user logged out here and forgets the signed-in user's data. */
export function useEndLocalSession(): () => void {
  const queryClient = useQueryClient();
  return () => {
    tokenService.setLoggedOut();
    queryClient.clear();
  };
}

export function useLogOut(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOut,
    onSettled: () => {
      queryClient.clear();
      onDone?.();
    },
  });
}
