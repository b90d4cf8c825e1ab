import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showErrorToast } from '../../../lib/toast';
import type { Oauth2Client } from '../api/get-oauth2-client';
import { useRotateOauth2ClientSecret } from '../api/rotate-oauth2-client-secret';
import { ClientSecretModal } from './client-secret-modal';

/** A new secret for a confidential app, after a confirmation: the old one stops working at once. */
export function RotateSecret({ client }: { client: Oauth2Client }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useRotateOauth2ClientSecret(client.id);

  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: (newSecret) => {
        close();
        setSecret(newSecret);
      },
      onError: (error) => {
        close();
        showErrorToast(error);
      },
    });

  return (
    <>
      <Button variant="light" leftSection={<IconKey size={18} aria-hidden="true" />} onClick={open}>
        {t('oauth2.clients.rotate.submit')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('oauth2.clients.rotate.confirmTitle', { name: client.name })}
        confirmLabel={t('oauth2.clients.rotate.submit')}
        onConfirm={confirm}
        loading={rotate.isPending}
      >
        <Text>{t('oauth2.clients.rotate.confirmText')}</Text>
      </ConfirmModal>
      <ClientSecretModal clientId={client.id} secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
