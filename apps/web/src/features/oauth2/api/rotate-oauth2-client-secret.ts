import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { oauth2ClientPath } from './get-oauth2-client';

/** POST /oauth2_clients/{id}/secret (superadmin): a new secret, shown once; the old one stops working. */
export async function rotateOauth2ClientSecret(clientId: string): Promise<string> {
  const { data } = await apiClient.post<{ clientSecret: string }>(`${oauth2ClientPath(clientId)}/secret`);
  return data.clientSecret;
}

export function useRotateOauth2ClientSecret(clientId: string) {
  return useMutation({ mutationFn: () => rotateOauth2ClientSecret(clientId) });
}
