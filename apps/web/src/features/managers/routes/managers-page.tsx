import { can, displayName } from '@gatehouse/core';
import { Group, Stack, Table, Text } from '@mantine/core';
import { IconUserPlus, IconUserShield } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { InviteBadge } from '../../../components/invite-badge';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink, ButtonLink } from '../../../components/router-links';
import { useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { type Manager, useManagers } from '../api/get-managers';

const route = getRouteApi('/buildings/$buildingId/managers');

function ManagerTable({ buildingId, managers }: { buildingId: string; managers: Manager[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('managers.name')}</Table.Th>
            <Table.Th>{t('fields.email')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {managers.map((manager) => (
            <Table.Tr key={manager.id} data-manager-id={manager.id}>
              <Table.Td>
                <Group gap="xs">
                  <AnchorLink
                    to="/buildings/$buildingId/managers/$managerId"
                    params={{ buildingId, managerId: manager.id }}
                    fw={500}
                  >
                    {displayName(manager.user, t('common.unknown'))}
                  </AnchorLink>
                  {manager.user.invitePending ? <InviteBadge /> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{manager.user.email}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/buildings/{id}/managers`: who manages the building, with a pending-invite marker. */
export function ManagersPage() {
  const { t } = useTranslation();
  const { buildingId } = route.useParams();
  const { roleData } = useRoleData();
  const building = useBuilding(buildingId);
  const managers = useManagers(buildingId);
  usePageData({ names: building.data ? { building: building.data.name } : {} });

  let content: React.ReactNode;
  if (managers.isPending) content = <LoadingState />;
  else if (managers.isError) {
    content = (
      <LoadError
        message={t('managers.loadFailed')}
        error={managers.error}
        onRetry={() => void managers.refetch()}
      />
    );
  } else if (managers.data.length === 0) {
    content = (
      <EmptyState
        icon={IconUserShield}
        title={t('pages.managers.emptyTitle')}
        description={t('pages.managers.emptyText')}
      />
    );
  } else {
    content = <ManagerTable buildingId={buildingId} managers={managers.data} />;
  }

  return (
    <Stack gap="md">
      {can(roleData, 'managerCreate', { buildingId }) ? (
        <Group justify="flex-end">
          <ButtonLink
            to="/buildings/$buildingId/managers/new"
            params={{ buildingId }}
            leftSection={<IconUserPlus size={18} aria-hidden="true" />}
          >
            {t('managers.invite')}
          </ButtonLink>
        </Group>
      ) : null}
      {content}
    </Stack>
  );
}
