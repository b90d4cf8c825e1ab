import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconApps, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink, ButtonLink } from '../../../components/router-links';
import { formatDateTime } from '../../../lib/format';
import type { Oauth2Client } from '../api/get-oauth2-client';
import { useOauth2Clients } from '../api/get-oauth2-clients';
import { ScopeBadges } from '../components/scope-badges';

function ClientTable({ clients }: { clients: Oauth2Client[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('oauth2.clients.form.name')}</Table.Th>
            <Table.Th>{t('oauth2.clients.type')}</Table.Th>
            <Table.Th>{t('oauth2.clients.form.scopes')}</Table.Th>
            <Table.Th>{t('oauth2.clients.addedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id} data-client-id={client.id}>
              <Table.Td>
                <AnchorLink to="/accounts/oauth2_clients/$clientId" params={{ clientId: client.id }} fw={500}>
                  {client.name}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={client.confidential ? 'indigo' : 'gray'}>
                  {client.confidential ? t('oauth2.clients.confidential') : t('oauth2.clients.public')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <ScopeBadges scopes={client.allowedScopes} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(client.insertedAt, i18n.language)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/accounts/oauth2_clients` (superadmin): the third-party apps that may ask users for access. */
export function Oauth2ClientsPage() {
  const { t } = useTranslation();
  const clients = useOauth2Clients();

  let content: ReactNode;
  if (clients.isPending) content = <LoadingState />;
  else if (clients.isError) {
    content = (
      <LoadError
        message={t('oauth2.clients.loadFailed')}
        error={clients.error}
        onRetry={() => void clients.refetch()}
      />
    );
  } else if (clients.data.length === 0) {
    content = (
      <EmptyState
        icon={IconApps}
        title={t('pages.oauth2Clients.emptyTitle')}
        description={t('pages.oauth2Clients.emptyText')}
      />
    );
  } else {
    content = <ClientTable clients={[...clients.data].sort((a, b) => a.name.localeCompare(b.name))} />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" maw={640}>
          {t('oauth2.clients.intro')}
        </Text>
        <ButtonLink to="/accounts/oauth2_clients/new" leftSection={<IconPlus size={18} aria-hidden="true" />}>
          {t('oauth2.clients.new')}
        </ButtonLink>
      </Group>
      {content}
    </Stack>
  );
}
