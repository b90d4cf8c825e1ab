import type { TotpRemoveBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type Account, accountQueryKey } from '../../../lib/session';

/** DELETE /me/account/mfa/totp, proven by the current password or a code. */
export async function removeTotp(body: TotpRemoveBody): Promise<Account> {
  const { data } = await apiClient.delete<{ account: Account }>('/me/account/mfa/totp', body);
  return data.account;
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTotp,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
