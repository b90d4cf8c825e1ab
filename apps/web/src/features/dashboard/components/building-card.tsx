import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityCounts } from '../../../components/activity-counts';
import { DoorSummary, problemCount } from '../../../components/door-summary';
import { AnchorLink } from '../../../components/router-links';
import type { Building } from '../../../lib/buildings';

/** One building on the dashboard: its doors at a glance and today's activity, linking to the building. */
export function BuildingCard({ building }: { building: Building }) {
  const { t } = useTranslation();
  const headingId = useId();
  const problems = problemCount(building.doorSummary);
  const place = [building.address, building.city].filter(Boolean).join(', ');
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding="lg"
      style={problems > 0 ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <AnchorLink
              to="/buildings/$buildingId"
              params={{ buildingId: building.id }}
              fw={600}
              size="lg"
              id={headingId}
            >
              {building.name}
            </AnchorLink>
            {place ? (
              <Text size="sm" c="dimmed" truncate>
                {place}
              </Text>
            ) : null}
          </Stack>
          {problems > 0 ? (
            <Badge color="red" leftSection={<IconAlertTriangle size={14} aria-hidden="true" />}>
              {t('dashboard.problems', { count: problems })}
            </Badge>
          ) : null}
        </Group>
        <DoorSummary summary={building.doorSummary} />
        <ActivityCounts activity={building.activity} />
      </Stack>
    </Card>
  );
}
