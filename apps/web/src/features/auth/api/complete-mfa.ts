import type { MfaBody } from '@gatehouse/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { TokensReply } from '../../../lib/token-service';

/** POST /me/current_session/mfa (no auth): the second sign-in step. */
export async function completeMfa(body: MfaBody): Promise<TokensReply> {
  const { data } = await apiClient.post<TokensReply>('/me/current_session/mfa', body, { auth: false });
  return data;
}

export function useCompleteMfa() {
  return useMutation({ mutationFn: completeMfa });
}
