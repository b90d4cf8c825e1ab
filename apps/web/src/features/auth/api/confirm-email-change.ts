import type { ConfirmEmailChangeBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Account, accountQueryKey } from '../../../lib/session';

/** POST /me/account/confirm_email_change (signed in): the new address takes effect. */
export async function confirmEmailChange(body: ConfirmEmailChangeBody): Promise<Account> {
  const { data } = await apiClient.post<{ account: Account }>('/me/account/confirm_email_change', body);
  return data.account;
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
