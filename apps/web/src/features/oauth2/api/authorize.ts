import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The authorization request of a third-party app, as it arrived in the consent page's URL. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  responseType: string;
  /** Space separated, as in the URL. */
  scope: string;
  state?: string | undefined;
  codeChallenge: string;
  codeChallengeMethod: string;
}

export interface AuthorizeDecision extends AuthorizeRequest {
  approve: boolean;
  /** The user limited the grant to one building or one door (approval only). */
  buildingId?: string | undefined;
  doorId?: string | undefined;
}

/** POST /oauth2/authorize: the user's answer; the reply says where to send the browser back to the app. */
export async function authorize(decision: AuthorizeDecision): Promise<{ redirectTo: string }> {
  const { data } = await apiClient.post<{ redirectTo: string }>('/oauth2/authorize', decision);
  return data;
}

export function useAuthorize() {
  return useMutation({ mutationFn: authorize });
}
