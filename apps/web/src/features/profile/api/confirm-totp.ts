import type { CamelCasedKeys, RecoveryCodes, TotpConfirmBody } from '@gatehouse/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { accountQueryKey } from '../../../lib/session';

/** POST /me/account/mfa/totp/confirm: turns TOTP on and returns the recovery codes, shown once. */
export async function confirmTotp(body: TotpConfirmBody): Promise<CamelCasedKeys<RecoveryCodes>> {
  const { data } = await apiClient.post<CamelCasedKeys<RecoveryCodes>>('/me/account/mfa/totp/confirm', body);
  return data;
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
