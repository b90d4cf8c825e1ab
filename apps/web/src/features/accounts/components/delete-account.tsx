import { displayName } from '@gatehouse/core';
import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useDeleteUser } from '../api/delete-user';
import type { User } from '../api/get-users';

/** Deleting an account, after a confirmation; every session of the user ends at once. Not one's own. */
export function DeleteAccount({ user, isSelf }: { user: User; isSelf: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteUser(user.id);
  const name = displayName(user, t('common.unknown'));
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(t('accounts.delete.done', { name }));
        void navigate({ to: '/accounts' });
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
        disabled={isSelf}
      >
        {t('accounts.delete.submit')}
      </Button>
      {isSelf ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('accounts.delete.self')}
        </Text>
      ) : null}
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('accounts.delete.confirmTitle', { name })}
        confirmLabel={t('accounts.delete.submit')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('accounts.delete.confirmText', { email: user.email })}</Text>
      </ConfirmModal>
    </>
  );
}
