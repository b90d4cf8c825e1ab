import { can } from '@gatehouse/core';
import { Badge, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityCounts } from '../../../components/activity-counts';
import { DoorSummary, problemCount } from '../../../components/door-summary';
import { AnchorLink } from '../../../components/router-links';
import type { Building } from '../../../lib/buildings';
import { useRoleData } from '../../../lib/session';
import { addDays, calendarDateIn } from '../../../lib/time-zones';
import { CHART_DAYS } from '../api/get-building-activity';
import { ActivityChart } from './activity-chart';
import { LatestDoorEvents } from './latest-door-events';
import { ProblemDoors } from './problem-doors';

/**
 * One building on the dashboard: its doors at a glance with the ones that have problems, today's
 * activity and the last 14 days as a chart, and the latest door events; each part only for a user
 * allowed to read it. Kept live by the dashboard's one event stream.
 */
export function BuildingCard({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const headingId = useId();
  const context = { buildingId: building.id };
  const mayReadDoorLogs = can(roleData, 'doorLogRead', context);
  const mayReadCalls = can(roleData, 'callRead', context);
  const mayReadDoors = can(roleData, 'doorRead', context);
  const problems = problemCount(building.doorSummary);
  const place = [building.address, building.city].filter(Boolean).join(', ');
  // The 14 days up to today, in the building's time zone (not the browser's).
  const to = calendarDateIn(new Date(), building.timeZone);
  const range = { from: addDays(to, -(CHART_DAYS - 1)), to };
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
        {problems > 0 && mayReadDoors ? <ProblemDoors buildingId={building.id} /> : null}
        <ActivityCounts activity={building.activity} />
        {mayReadDoorLogs || mayReadCalls ? (
          <ActivityChart
            buildingId={building.id}
            range={range}
            withDoorLogs={mayReadDoorLogs}
            withCalls={mayReadCalls}
          />
        ) : null}
        {mayReadDoorLogs ? (
          <>
            <Divider />
            <LatestDoorEvents buildingId={building.id} timeZone={building.timeZone} />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
