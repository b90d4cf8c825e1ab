import { Alert, Anchor, Stack } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a page reached from an email lacks its token. */
export function InvalidLink({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="red"
        icon={<IconLinkOff aria-hidden="true" />}
        title={t('auth.invalidLink.title')}
        role="alert"
      >
        {text}
      </Alert>
      <Anchor component={Link} to="/auth/login">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );
}
