import type { AccountUpdateBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Account, accountQueryKey } from '../../../lib/session';

/** PUT /me/account; changing email or password needs `current_password`. */
export async function updateAccount(body: Partial<AccountUpdateBody>): Promise<Account> {
  const { data } = await apiClient.put<{ account: Account }>('/me/account', body);
  return data.account;
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
