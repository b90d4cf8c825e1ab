import { Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/query-state';
import { formatClockTime } from '../../../lib/format';
import { type MyDoor, useMyDoors } from '../api/get-my-doors';
import { openMyDoor } from '../api/open-my-door';
import { DoorOpenCard } from '../components/door-open-card';

/** Why the user may open the door: they run the building, or a schedule of their unit, until when. */
function useReasonText(): (door: MyDoor) => string {
  const { t } = useTranslation();
  return ({ reason }) => {
    switch (reason.type) {
      case 'superadmin':
        return t('webapp.reason.superadmin');
      case 'building_manager':
        return t('webapp.reason.buildingManager');
      case 'schedule':
        return t('webapp.reason.schedule', { unit: reason.unit.name, end: formatClockTime(reason.timeEnd) });
      default:
        return '';
    }
  };
}

/** The doors grouped by building, in the order the server gave them. */
function byBuilding(doors: MyDoor[]): Array<{ id: string; name: string; doors: MyDoor[] }> {
  const groups = new Map<string, { id: string; name: string; doors: MyDoor[] }>();
  for (const door of doors) {
    const group = groups.get(door.building.id) ?? { ...door.building, doors: [] };
    group.doors.push(door);
    groups.set(door.building.id, group);
  }
  return [...groups.values()];
}

/**
 * `/webapp`: the doors the signed-in user may open now (GET /me/doors), one big Open button each,
 * with the outcome under it and the reason they may open it. Made for phones (360 px and touch).
 */
export function MyDoorsPage() {
  const { t } = useTranslation();
  const doors = useMyDoors();
  const reasonText = useReasonText();

  if (doors.isPending) return <LoadingState />;
  if (doors.isError) {
    return (
      <LoadError message={t('webapp.loadFailed')} error={doors.error} onRetry={() => void doors.refetch()} />
    );
  }
  if (doors.data.length === 0) {
    return (
      <EmptyState
        icon={IconKey}
        title={t('pages.webapp.emptyTitle')}
        description={t('pages.webapp.emptyText')}
      />
    );
  }
  return (
    <Stack gap="lg">
      {byBuilding(doors.data).map((building) => (
        <Stack key={building.id} gap="sm" component="section" aria-label={building.name}>
          <Title order={2} size="h4">
            {building.name}
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {building.doors.map((door) => (
              <DoorOpenCard
                key={door.id}
                name={door.name}
                isEntrance={door.isEntrance}
                details={reasonText(door)}
                open={() => openMyDoor(door.building.id, door.id)}
              />
            ))}
          </Stack>
        </Stack>
      ))}
      <Text size="xs" c="dimmed" ta="center">
        {t('webapp.refreshHint')}
      </Text>
    </Stack>
  );
}
