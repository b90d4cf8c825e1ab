import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useDeleteOauth2Client } from '../api/delete-oauth2-client';
import type { Oauth2Client } from '../api/get-oauth2-client';

/** Deleting an app, after a confirmation: every user's grant to it ends, and its tokens stop working. */
export function DeleteClient({ client }: { client: Oauth2Client }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteOauth2Client(client.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(t('oauth2.clients.delete.done', { name: client.name }));
        void navigate({ to: '/accounts/oauth2_clients' });
      },
      onError: (error) => {
        close();
        showErrorToast(error);
      },
    });
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} aria-hidden="true" />}
        onClick={open}
      >
        {t('oauth2.clients.delete.submit')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('oauth2.clients.delete.confirmTitle', { name: client.name })}
        confirmLabel={t('oauth2.clients.delete.submit')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('oauth2.clients.delete.confirmText')}</Text>
      </ConfirmModal>
    </>
  );
}
