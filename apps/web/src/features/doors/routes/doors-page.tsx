import { can } from '@gatehouse/core';
import { Badge, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { IconDoor, IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DoorStatusBadge } from '../../../components/door-status-badge';
import { EmptyState } from '../../../components/empty-state';
import { LiveIndicator } from '../../../components/live-indicator';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink, ButtonLink } from '../../../components/router-links';
import { useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { type DoorList, useDoors } from '../api/get-doors';
import { useLiveDoors } from '../api/use-live-doors';
import { OpenDoorButton } from '../components/open-door-button';
import { TruncatedNote } from '../components/truncated-note';

const route = getRouteApi('/buildings/$buildingId/doors');

function DoorTable({ buildingId, list }: { buildingId: string; list: DoorList }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const mayOpen = can(roleData, 'doorOpen', { buildingId });
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.door_name')}</Table.Th>
            <Table.Th>{t('doors.list.status')}</Table.Th>
            {mayOpen ? (
              <Table.Th>
                <VisuallyHidden>{t('doors.list.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.doors.map((door) => (
            <Table.Tr key={door.id} data-door-id={door.id}>
              <Table.Td>
                <Group gap="xs">
                  <AnchorLink
                    to="/buildings/$buildingId/doors/$doorId"
                    params={{ buildingId, doorId: door.id }}
                    fw={500}
                  >
                    {door.name}
                  </AnchorLink>
                  {door.isEntrance ? (
                    <Badge variant="outline" size="sm">
                      {t('doors.entrance')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <DoorStatusBadge status={door.status} />
              </Table.Td>
              {mayOpen ? (
                <Table.Td ta="right">
                  <OpenDoorButton buildingId={buildingId} door={door} size="xs" />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/buildings/{id}/doors`: the building's doors (at most 250) with live statuses and Open buttons. */
export function DoorsPage() {
  const { t } = useTranslation();
  const { buildingId } = route.useParams();
  const { roleData } = useRoleData();
  const building = useBuilding(buildingId);
  const doors = useDoors(buildingId);
  const live = useLiveDoors(buildingId);
  usePageData({ names: building.data ? { building: building.data.name } : {} });
  const mayCreate = can(roleData, 'doorCreate', { buildingId });

  let content: React.ReactNode;
  if (doors.isPending) content = <LoadingState />;
  else if (doors.isError) {
    content = (
      <LoadError message={t('doors.loadFailed')} error={doors.error} onRetry={() => void doors.refetch()} />
    );
  } else if (doors.data.doors.length === 0) {
    content = (
      <EmptyState
        icon={IconDoor}
        title={t('pages.doors.emptyTitle')}
        description={t('pages.doors.emptyText')}
      />
    );
  } else {
    content = (
      <Stack gap="sm">
        <TruncatedNote list={doors.data} />
        <DoorTable buildingId={buildingId} list={doors.data} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <LiveIndicator state={live} />
        {mayCreate ? (
          <ButtonLink
            to="/buildings/$buildingId/doors/new"
            params={{ buildingId }}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('doors.new')}
          </ButtonLink>
        ) : null}
      </Group>
      {content}
    </Stack>
  );
}
