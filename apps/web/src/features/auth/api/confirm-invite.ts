import type { ConfirmInviteBodyInput } from '@gatehouse/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { TokensReply } from '../../../lib/token-service';

/** POST /me/account/confirm_invite (no auth): sets name and password, and signs in. */
export async function confirmInvite(body: ConfirmInviteBodyInput): Promise<TokensReply> {
  const { data } = await apiClient.post<TokensReply>('/me/account/confirm_invite', body, { auth: false });
  return data;
}

export function useConfirmInvite() {
  return useMutation({ mutationFn: confirmInvite });
}
