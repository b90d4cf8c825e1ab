import { displayName } from '@gatehouse/core';
import { Group, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { usePageData } from '../../../lib/page-data';
import { useAccount } from '../../../lib/session';
import { useUser } from '../api/get-user';
import { AccountBadges } from '../components/account-badges';
import { AccountForm } from '../components/account-form';
import { AccountRoles } from '../components/account-roles';
import { AccountSessions } from '../components/account-sessions';
import { DeleteAccount } from '../components/delete-account';

const route = getRouteApi('/accounts/$accountId');

/**
 * `/accounts/{id}` (superadmin): the user's details (editable), their memberships and managerships,
 * their sessions (each can be ended) and deletion of the account.
 */
export function AccountPage() {
  const { t, i18n } = useTranslation();
  const { accountId } = route.useParams();
  const { account: me } = useAccount();
  const user = useUser(accountId);
  const name = user.data ? displayName(user.data, t('common.unknown')) : undefined;
  usePageData(name ? { pageTitle: name, names: { account: name } } : {});

  if (user.isPending) return <LoadingState />;
  if (user.isError) {
    return (
      <LoadError
        message={t('accounts.loadOneFailed')}
        error={user.error}
        onRetry={() => void user.refetch()}
      />
    );
  }
  const isSelf = me?.id === user.data.id;
  return (
    <Stack gap="lg" maw={860}>
      <Group gap="sm">
        <AccountBadges user={user.data} />
        <Text size="sm" c="dimmed">
          {t('accounts.since', { date: formatDateTime(user.data.insertedAt, i18n.language) })}
        </Text>
      </Group>
      <SectionCard title={t('accounts.details')}>
        <AccountForm key={user.data.updatedAt} user={user.data} isSelf={isSelf} />
      </SectionCard>
      <SectionCard title={t('accounts.roles')}>
        <AccountRoles user={user.data} />
      </SectionCard>
      <SectionCard title={t('accounts.sessions.title')} description={t('accounts.sessions.description')}>
        <AccountSessions user={user.data} />
      </SectionCard>
      <SectionCard title={t('accounts.delete.title')} description={t('accounts.delete.description')}>
        <DeleteAccount user={user.data} isSelf={isSelf} />
      </SectionCard>
    </Stack>
  );
}
