import type { ResetPasswordBody } from '@gatehouse/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /me/account/reset_password (no auth); the reply is the same whether the email exists or not. */
export async function requestPasswordReset(body: ResetPasswordBody): Promise<void> {
  await apiClient.post<null>('/me/account/reset_password', body, { auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
