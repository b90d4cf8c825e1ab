import { Box, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DoorLogResultBadge, doorLogActor, reasonText } from '../../../components/activity-parts';
import { AnchorLink } from '../../../components/router-links';
import { formatDateTime } from '../../../lib/format';
import { useLatestDoorLogs } from '../api/get-building-activity';

/** The newest door events of a building (time in its zone, door, who, result), with a link to them all. */
export function LatestDoorEvents({ buildingId, timeZone }: { buildingId: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const logs = useLatestDoorLogs(buildingId, { enabled: true });
  let content: React.ReactNode;
  if (logs.isPending) {
    content = (
      <Text size="sm" c="dimmed">
        {t('common.loading')}
      </Text>
    );
  } else if (logs.isError) {
    content = (
      <Text size="sm" c="dimmed">
        {t('dashboard.latest.failed')}
      </Text>
    );
  } else if (logs.data.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        {t('dashboard.latest.none')}
      </Text>
    );
  } else {
    content = (
      <Stack component="ul" gap={6} aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
        {logs.data.map((log) => {
          const reason = log.result === 'opened' ? null : reasonText(log.reason, t);
          return (
            <Box component="li" key={log.id} data-row-id={log.id}>
              <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" truncate>
                    {log.door?.name ?? t('activity.deletedDoor')} · {doorLogActor(log, t).name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    <time dateTime={log.occurredAt}>
                      {formatDateTime(log.occurredAt, i18n.language, timeZone)}
                    </time>
                    {reason ? ` · ${reason}` : ''}
                  </Text>
                </Stack>
                <DoorLogResultBadge result={log.result} size="sm" style={{ flexShrink: 0 }} />
              </Group>
            </Box>
          );
        })}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" id={headingId}>
          {t('dashboard.latest.title')}
        </Text>
        <AnchorLink to="/buildings/$buildingId/door_entries" params={{ buildingId }} size="xs">
          {t('dashboard.latest.all')}
        </AnchorLink>
      </Group>
      {content}
    </Stack>
  );
}
