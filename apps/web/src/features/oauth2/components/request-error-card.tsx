import { Alert, Stack, Text } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';

/**
 * Why an app's request cannot go on. The browser stays here: a request whose app or return address
 * is not what was registered must never send the user (or a code) anywhere.
 */
export function RequestErrorCard({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert
        color="red"
        role="alert"
        title={t('oauth2.consent.errorTitle')}
        icon={<IconShieldX size={20} aria-hidden="true" />}
      >
        <Stack gap="xs">
          <Text size="sm">{message}</Text>
          <Text size="sm">{t('oauth2.consent.errorHint')}</Text>
        </Stack>
      </Alert>
      <ButtonLink to="/" variant="default">
        {t('oauth2.consent.toDashboard')}
      </ButtonLink>
    </Stack>
  );
}
