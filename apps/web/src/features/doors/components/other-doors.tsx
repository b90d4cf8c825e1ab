import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DoorStatusBadge } from '../../../components/door-status-badge';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink } from '../../../components/router-links';
import { useDoors } from '../api/get-doors';
import { TruncatedNote } from './truncated-note';

/** The building's other doors, as links with their live status. */
export function OtherDoors({ buildingId, doorId }: { buildingId: string; doorId: string }) {
  const { t } = useTranslation();
  const doors = useDoors(buildingId);
  if (doors.isPending) return <LoadingState />;
  if (doors.isError)
    return <LoadError message={t('doors.loadFailed')} onRetry={() => void doors.refetch()} />;
  const others = doors.data.doors.filter((door) => door.id !== doorId);
  if (others.length === 0) return <Text c="dimmed">{t('doors.detail.noOtherDoors')}</Text>;
  return (
    <Stack gap="xs">
      <TruncatedNote list={doors.data} />
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('doors.detail.otherDoors')}
      >
        {others.map((door) => (
          <Group
            component="li"
            key={door.id}
            justify="space-between"
            gap="sm"
            wrap="nowrap"
            data-door-id={door.id}
          >
            <AnchorLink to="/buildings/$buildingId/doors/$doorId" params={{ buildingId, doorId: door.id }}>
              {door.name}
            </AnchorLink>
            <DoorStatusBadge status={door.status} size="sm" />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
