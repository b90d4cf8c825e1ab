import type { CamelCasedKeys, LoginBody, LoginReply } from '@gatehouse/core';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type LogInReply = CamelCasedKeys<LoginReply>;

/** POST /me/current_session (no auth): tokens, or an MFA challenge when TOTP is on. */
export async function logIn(body: LoginBody): Promise<LogInReply> {
  const { data } = await apiClient.post<LogInReply>('/me/current_session', body, { auth: false });
  return data;
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
