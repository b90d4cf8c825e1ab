import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../lib/toast';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { InvalidLink } from '../components/invalid-link';

const route = getRouteApi('/auth/confirm_email_change');

/** `/auth/confirm_email_change?token=`: confirms the new address as soon as the page opens. */
export function ConfirmEmailChangePage() {
  const { t } = useTranslation();
  const { token } = route.useSearch();
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  // A token is single use: send it once, even when React runs effects twice in development.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token }, { onError: showErrorToast });
  }, [token, mutate]);

  if (!token) return <InvalidLink text={t('auth.emailChange.missingToken')} />;

  if (confirm.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconCircleCheck aria-hidden="true" />} role="status">
          {t('auth.emailChange.done', { email: confirm.data.email })}
        </Alert>
        <Button component={Link} to="/profile">
          {t('auth.emailChange.toProfile')}
        </Button>
      </Stack>
    );
  }
  if (confirm.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" icon={<IconLinkOff aria-hidden="true" />} role="alert">
          {t('auth.emailChange.failed')}
        </Alert>
        <Button component={Link} to="/profile" variant="light">
          {t('auth.emailChange.toProfile')}
        </Button>
      </Stack>
    );
  }
  return (
    <Center py="md">
      <Loader aria-label={t('auth.emailChange.confirming')} />
    </Center>
  );
}
