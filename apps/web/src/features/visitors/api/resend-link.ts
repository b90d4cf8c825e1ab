import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { visitorPath } from './get-visitor';

/** POST /units/{u}/visitors/{v}/resend_invite: mails the link to the visitor's email address. */
export async function resendVisitorLink(unitId: string, visitorId: string): Promise<void> {
  await apiClient.post<null>(`${visitorPath(unitId, visitorId)}/resend_invite`);
}

export function useResendVisitorLink(unitId: string, visitorId: string) {
  return useMutation({ mutationFn: () => resendVisitorLink(unitId, visitorId) });
}
