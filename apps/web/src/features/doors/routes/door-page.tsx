import { type BuildingEvent, can } from '@gatehouse/core';
import { Grid, Group, Stack, Table, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DoorStatusBadge } from '../../../components/door-status-badge';
import { LiveIndicator } from '../../../components/live-indicator';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink } from '../../../components/router-links';
import { SectionCard } from '../../../components/section-card';
import type { BuildingEventsState } from '../../../lib/building-events';
import { useBuilding } from '../../../lib/buildings';
import { formatDateTime } from '../../../lib/format';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { type Door, useDoor } from '../api/get-door';
import { useLiveDoors } from '../api/use-live-doors';
import { DeleteDoor } from '../components/delete-door';
import { EditDoor } from '../components/edit-door';
import { OpenDoorButton } from '../components/open-door-button';
import { OtherDoors } from '../components/other-doors';
import { PincodeForm } from '../components/pincode-form';

const route = getRouteApi('/buildings/$buildingId/doors/$doorId');

type DoorOpenedEvent = Extract<BuildingEvent, { type: 'door_opened' }>;

function StatusCard({
  buildingId,
  door,
  live,
  lastOpening,
}: {
  buildingId: string;
  door: Door;
  live: BuildingEventsState;
  lastOpening: DoorOpenedEvent | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { roleData } = useRoleData();
  return (
    <SectionCard title={t('doors.detail.status')}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <div aria-live="polite">
            <DoorStatusBadge status={door.status} size="xl" />
          </div>
          <LiveIndicator state={live} />
        </Group>
        {door.statusChangedAt ? (
          <Text size="sm" c="dimmed">
            {t('doors.detail.since', { date: formatDateTime(door.statusChangedAt, i18n.language) })}
          </Text>
        ) : null}
        {lastOpening ? (
          <Text size="sm">
            {t(`doors.detail.lastOpening.${lastOpening.result}`, {
              date: formatDateTime(lastOpening.occurred_at, i18n.language),
            })}
          </Text>
        ) : null}
        {can(roleData, 'doorOpen', { buildingId }) ? (
          <OpenDoorButton buildingId={buildingId} door={door} size="xl" fullWidth />
        ) : null}
      </Stack>
    </SectionCard>
  );
}

function DetailsCard({ buildingId, door }: { buildingId: string; door: Door }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const rows: [string, React.ReactNode][] = [
    [t('fields.is_entrance'), door.isEntrance ? t('common.yes') : t('common.no')],
    [t('fields.driver'), t(`doors.drivers.${door.driver}`)],
    [t('fields.pincode'), door.hasPincode ? t('doors.pincode.isSet') : t('doors.pincode.notSet')],
  ];
  if (can(roleData, 'intercomRead', { buildingId })) {
    rows.push([
      t('pages.intercom.title'),
      <AnchorLink
        key="intercom"
        to="/buildings/$buildingId/doors/$doorId/intercom"
        params={{ buildingId, doorId: door.id }}
      >
        {door.intercom ? door.intercom.name || door.intercom.email : t('doors.detail.intercomLink')}
      </AnchorLink>,
    ]);
  }
  return (
    <SectionCard title={t('doors.detail.details')}>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

function DoorDetail({
  buildingId,
  door,
  live,
  lastOpening,
}: {
  buildingId: string;
  door: Door;
  live: BuildingEventsState;
  lastOpening: DoorOpenedEvent | undefined;
}) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const context = { buildingId };
  return (
    <Stack gap="lg">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <StatusCard buildingId={buildingId} door={door} live={live} lastOpening={lastOpening} />
            <DetailsCard buildingId={buildingId} door={door} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SectionCard title={t('doors.detail.otherDoors')}>
            <OtherDoors buildingId={buildingId} doorId={door.id} />
          </SectionCard>
        </Grid.Col>
      </Grid>
      {can(roleData, 'doorUpdate', context) ? (
        <>
          <SectionCard title={t('doors.pincode.title')}>
            <PincodeForm buildingId={buildingId} door={door} />
          </SectionCard>
          <SectionCard title={t('doors.detail.settings')}>
            <EditDoor key={door.id} buildingId={buildingId} door={door} />
          </SectionCard>
        </>
      ) : null}
      {can(roleData, 'doorDelete', context) ? (
        <SectionCard title={t('doors.delete.title')} description={t('doors.delete.description')}>
          <DeleteDoor buildingId={buildingId} door={door} />
        </SectionCard>
      ) : null}
    </Stack>
  );
}

/**
 * `/buildings/{b}/doors/{d}`: the door's live status (the building's event stream updates it without
 * a reload), a big Open button, its details and the other doors of the building; managers set the
 * PIN code, edit and delete it.
 */
export function DoorPage() {
  const { t } = useTranslation();
  const { buildingId, doorId } = route.useParams();
  const { roleData } = useRoleData();
  const building = useBuilding(buildingId);
  const door = useDoor(buildingId, doorId, { withIntercom: can(roleData, 'intercomRead', { buildingId }) });
  const [lastOpenings, setLastOpenings] = useState<Record<string, DoorOpenedEvent>>({});
  const live = useLiveDoors(buildingId, {
    onEvent: (event) => {
      if (event.type === 'door_opened')
        setLastOpenings((previous) => ({ ...previous, [event.door_id]: event }));
    },
  });
  const doorName = door.data?.name;
  usePageData({
    ...(doorName ? { pageTitle: doorName } : {}),
    names: {
      ...(building.data ? { building: building.data.name } : {}),
      ...(doorName ? { door: doorName } : {}),
    },
  });

  if (door.isPending) return <LoadingState />;
  if (door.isError) {
    return (
      <LoadError message={t('doors.loadOneFailed')} error={door.error} onRetry={() => void door.refetch()} />
    );
  }
  return (
    <DoorDetail buildingId={buildingId} door={door.data} live={live} lastOpening={lastOpenings[doorId]} />
  );
}
