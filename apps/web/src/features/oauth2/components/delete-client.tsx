import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeleteWithConfirm } from '../../../components/delete-with-confirm';
import { useDeleteOauth2Client } from '../api/delete-oauth2-client';
import type { Oauth2Client } from '../api/get-oauth2-client';

/** Deleting an app, after a confirmation: every user's grant to it ends, and its tokens stop working. */
export function DeleteClient({ client }: { client: Oauth2Client }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DeleteWithConfirm
      remove={useDeleteOauth2Client(client.id)}
      label={t('oauth2.clients.delete.submit')}
      confirmTitle={t('oauth2.clients.delete.confirmTitle', { name: client.name })}
      confirmText={t('oauth2.clients.delete.confirmText')}
      doneMessage={t('oauth2.clients.delete.done', { name: client.name })}
      onDeleted={() => void navigate({ to: '/accounts/oauth2_clients' })}
    />
  );
}
