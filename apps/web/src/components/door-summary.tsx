import type { DoorStatusValue, DoorSummary as WireDoorSummary } from '@gatehouse/core';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DOOR_STATUS_COLORS, isProblemStatus } from './door-status-badge';

export type DoorSummaryCounts = WireDoorSummary;

/** The order the statuses are listed in: the normal ones first, then the problems, then the unknown. */
const SUMMARY_ORDER: readonly DoorStatusValue[] = ['locked', 'unlocked', 'offline', 'error', 'unknown'];

/** How many doors are offline or failing. */
export function problemCount(summary: DoorSummaryCounts): number {
  return summary.offline + summary.error;
}

/**
 * A building's doors at a glance: the count, then one badge per status that has doors; offline and
 * failing doors are highlighted. `compact` shows only the count and the problems.
 */
export function DoorSummary({ summary, compact = false }: { summary: DoorSummaryCounts; compact?: boolean }) {
  const { t } = useTranslation();
  const problems = problemCount(summary);
  const statuses = SUMMARY_ORDER.filter(
    (status) => summary[status] > 0 && (!compact || isProblemStatus(status)),
  );
  return (
    <Stack gap={6} data-door-summary data-problems={problems}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {summary.total === 0 ? t('doorSummary.none') : t('doorSummary.total', { count: summary.total })}
        </Text>
        {statuses.map((status) => (
          <Badge
            key={status}
            color={DOOR_STATUS_COLORS[status]}
            variant={isProblemStatus(status) ? 'filled' : 'light'}
            data-door-status={status}
          >
            {t(`doorSummary.${status}`, { count: summary[status] })}
          </Badge>
        ))}
      </Group>
      {problems > 0 && !compact ? (
        <Group gap={4} c="red.7" wrap="nowrap">
          <IconAlertTriangle size={16} aria-hidden="true" />
          <Text size="sm" fw={600} c="red.7">
            {t('doorSummary.attention', { count: problems })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
