import type { ConfirmPasswordResetBody } from '@gatehouse/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /me/account/confirm_password_reset (no auth); every session of the account ends. */
export async function confirmPasswordReset(body: ConfirmPasswordResetBody): Promise<void> {
  await apiClient.post<null>('/me/account/confirm_password_reset', body, { auth: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
