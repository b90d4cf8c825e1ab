import { displayName } from '@gatehouse/core';
import { Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeleteWithConfirm } from '../../../components/delete-with-confirm';
import { useDeleteUser } from '../api/delete-user';
import type { User } from '../api/get-users';

/** Deleting an account, after a confirmation; every session of the user ends at once. Not one's own. */
export function DeleteAccount({ user, isSelf }: { user: User; isSelf: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = displayName(user, t('common.unknown'));
  return (
    <>
      <DeleteWithConfirm
        remove={useDeleteUser(user.id)}
        label={t('accounts.delete.submit')}
        confirmTitle={t('accounts.delete.confirmTitle', { name })}
        confirmText={t('accounts.delete.confirmText', { email: user.email })}
        doneMessage={t('accounts.delete.done', { name })}
        onDeleted={() => void navigate({ to: '/accounts' })}
        disabled={isSelf}
      />
      {isSelf ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('accounts.delete.self')}
        </Text>
      ) : null}
    </>
  );
}
