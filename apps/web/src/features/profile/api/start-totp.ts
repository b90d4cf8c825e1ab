import type { CamelCasedKeys, TotpSetup, TotpStartBody } from '@gatehouse/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type TotpSetupData = CamelCasedKeys<TotpSetup>;

/** POST /me/account/mfa/totp: a new secret and its QR code, to be confirmed with a first code. */
export async function startTotp(body: TotpStartBody): Promise<TotpSetupData> {
  const { data } = await apiClient.post<TotpSetupData>('/me/account/mfa/totp', body);
  return data;
}

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}
