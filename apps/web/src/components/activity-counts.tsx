import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Activity {
  doorLogs?: number | undefined;
  intercomCalls?: number | undefined;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} aria-label={`${label}: ${value}`} role="group">
      <Text size="xs" c="dimmed" aria-hidden="true">
        {label}
      </Text>
      <Text fw={700} size="lg" aria-hidden="true">
        {value}
      </Text>
    </Stack>
  );
}

/**
 * Today's activity of a building. The server sends each count only to a user allowed to read it
 * (spec 2), so an absent count is not shown at all, and nothing is shown when both are absent.
 */
export function ActivityCounts({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const { doorLogs, intercomCalls } = activity;
  if (doorLogs === undefined && intercomCalls === undefined) return null;
  return (
    <Group gap="xl" data-activity>
      {doorLogs !== undefined ? <Count label={t('activity.doorLogs')} value={doorLogs} /> : null}
      {intercomCalls !== undefined ? (
        <Count label={t('activity.intercomCalls')} value={intercomCalls} />
      ) : null}
    </Group>
  );
}
