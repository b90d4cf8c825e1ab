import { displayName } from '@gatehouse/core';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconApps, IconSearch, IconUsers } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListFooter, ListSearchField } from '../../../components/list-controls';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink, ButtonLink } from '../../../components/router-links';
import { type SortOrder, type User, type UserSort, useUsers } from '../api/get-users';
import { AccountBadges } from '../components/account-badges';

const route = getRouteApi('/accounts');

export const ACCOUNTS_PAGE_SIZE = 25;

const SORTS = {
  'email:asc': 'accounts.list.sorts.emailAsc',
  'email:desc': 'accounts.list.sorts.emailDesc',
  'last_name:asc': 'accounts.list.sorts.lastNameAsc',
  'last_name:desc': 'accounts.list.sorts.lastNameDesc',
  'inserted_at:desc': 'accounts.list.sorts.newest',
  'inserted_at:asc': 'accounts.list.sorts.oldest',
} as const;

function UserTable({ users }: { users: User[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('accounts.name')}</Table.Th>
            <Table.Th>{t('fields.email')}</Table.Th>
            <Table.Th>{t('accounts.list.flags')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-user-id={user.id}>
              <Table.Td>
                <AnchorLink to="/accounts/$accountId" params={{ accountId: user.id }} fw={500}>
                  {displayName(user, t('common.unknown'))}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td>
                <AccountBadges user={user} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/accounts` (superadmin): every user account, searchable, sortable and paged (all in the URL). */
export function AccountsPage() {
  const { t } = useTranslation();
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const sort: UserSort = search.sort ?? 'email';
  const order: SortOrder = search.order ?? 'asc';
  const page = search.page ?? 1;
  const query = useUsers({ search: search.search, sort, order, page, pageSize: ACCOUNTS_PAGE_SIZE });

  const change = (patch: Partial<typeof search>, replace = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace });
  const setSort = (value: string | null) => {
    const [nextSort, nextOrder] = (value ?? 'email:asc').split(':') as [UserSort, SortOrder];
    change({
      sort: nextSort === 'email' ? undefined : nextSort,
      order: nextOrder === 'asc' ? undefined : nextOrder,
      page: undefined,
    });
  };
  const setPage = (next: number) => change({ page: next > 1 ? next : undefined });

  const list = query.data;
  let content: ReactNode;
  if (!list) {
    content = query.isError ? (
      <LoadError
        message={t('accounts.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    ) : (
      <LoadingState />
    );
  } else if (list.users.length === 0 && list.meta.total > 0) {
    content = (
      <EmptyState
        icon={IconUsers}
        title={t('lists.pastEndTitle')}
        description={t('lists.pastEndText', { total: list.meta.total })}
      >
        <Button variant="light" onClick={() => setPage(1)}>
          {t('lists.first')}
        </Button>
      </EmptyState>
    );
  } else if (list.users.length === 0) {
    content = search.search ? (
      <EmptyState
        icon={IconSearch}
        title={t('accounts.list.noMatchTitle')}
        description={t('accounts.list.noMatchText', { search: search.search })}
      >
        <Button variant="light" onClick={() => change({ search: undefined, page: undefined })}>
          {t('lists.clearSearch')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState
        icon={IconUsers}
        title={t('pages.accounts.emptyTitle')}
        description={t('pages.accounts.emptyText')}
      />
    );
  } else {
    content = (
      <Stack gap="sm">
        <UserTable users={list.users} />
        <ListFooter meta={list.meta} shown={list.users.length} onPage={setPage} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <ListSearchField
          value={search.search}
          onSearch={(next) => change({ search: next, page: undefined }, true)}
          label={t('lists.search')}
          placeholder={t('accounts.list.searchPlaceholder')}
        />
        <Select
          label={t('lists.sort')}
          allowDeselect={false}
          value={`${sort}:${order}`}
          onChange={setSort}
          data={Object.entries(SORTS).map(([value, label]) => ({ value, label: t(label) }))}
          w={220}
        />
        <ButtonLink
          to="/accounts/oauth2_clients"
          variant="light"
          ml="auto"
          leftSection={<IconApps size={18} aria-hidden="true" />}
        >
          {t('accounts.oauth2Clients')}
        </ButtonLink>
      </Group>
      {content}
    </Stack>
  );
}
