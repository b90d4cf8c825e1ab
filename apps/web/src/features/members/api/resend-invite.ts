import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { memberPath } from './get-member';

/** POST /units/{u}/members/{m}/resend_invite: mails the invitation again; 409 invite_accepted once accepted. */
export async function resendInvite(unitId: string, memberId: string): Promise<void> {
  await apiClient.post<null>(`${memberPath(unitId, memberId)}/resend_invite`);
}

export function useResendInvite(unitId: string, memberId: string) {
  return useMutation({ mutationFn: () => resendInvite(unitId, memberId) });
}
