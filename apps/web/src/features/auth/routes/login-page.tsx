import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../../lib/page-data';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { useLoggedIn, useStartSession } from '../../../lib/session';
import type { LogInReply } from '../api/log-in';
import { CredentialsForm } from '../components/credentials-form';
import { MfaForm } from '../components/mfa-form';

const route = getRouteApi('/auth/login');

/** Login (spec 2 and 4): credentials, then the MFA step when the account has TOTP on. */
export function LoginPage() {
  const { t } = useTranslation();
  const router = useRouter();
  const { redirect } = route.useSearch();
  const loggedIn = useLoggedIn();
  const startSession = useStartSession();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  usePageData(mfaToken ? { pageTitle: t('auth.mfa.title') } : {});

  // Signed in (now or already): go where the user was headed.
  const target = safeRedirectPath(redirect);
  useEffect(() => {
    if (loggedIn) router.history.replace(target);
  }, [loggedIn, router, target]);

  const onCredentials = (reply: LogInReply) => {
    if ('mfaRequired' in reply) setMfaToken(reply.mfaToken);
    else startSession(reply);
  };

  if (mfaToken) {
    return <MfaForm mfaToken={mfaToken} onSuccess={startSession} onCancel={() => setMfaToken(null)} />;
  }
  return <CredentialsForm onSuccess={onCredentials} />;
}
