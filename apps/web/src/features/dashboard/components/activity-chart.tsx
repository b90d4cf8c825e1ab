import { Anchor, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '../../../lib/activity';
import { formatCalendarDate } from '../../../lib/format';
import { addDays } from '../../../lib/time-zones';
import { CHART_DAYS, useBuildingStatistics } from '../api/get-building-activity';

const DaysBarChart = lazy(() => import('./days-bar-chart'));

export type ChartDay = {
  date: string;
  /** The day as the axis shows it, e.g. "10/3" … short and in the user's language. */
  label: string;
  doorLogs?: number;
  calls?: number;
};

/** One entry per day from `from` to `to`; a day the reply lacks counts 0. */
export function chartDays(
  from: string,
  to: string,
  language: string,
  doorLogs: Statistics | undefined,
  calls: Statistics | undefined,
): ChartDay[] {
  const countOn = (statistics: Statistics | undefined, date: string) =>
    statistics ? (statistics.perDay.find((day) => day.date === date)?.count ?? 0) : undefined;
  const short = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const days: ChartDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const doorLogCount = countOn(doorLogs, date);
    const callCount = countOn(calls, date);
    days.push({
      date,
      label: short.format(new Date(`${date}T00:00:00Z`)),
      ...(doorLogCount === undefined ? {} : { doorLogs: doorLogCount }),
      ...(callCount === undefined ? {} : { calls: callCount }),
    });
  }
  return days;
}

/**
 * A building's last 14 days (today included, in its time zone) as small bars: door activity (every attempt) and, for
 * a user who may read them, calls. The numbers are also in a table for screen readers, since a chart
 * says nothing to them.
 */
export function ActivityChart({
  buildingId,
  range,
  withDoorLogs,
  withCalls,
}: {
  buildingId: string;
  range: { from: string; to: string };
  withDoorLogs: boolean;
  withCalls: boolean;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const doorLogs = useBuildingStatistics(buildingId, 'door_logs', range, { enabled: withDoorLogs });
  const calls = useBuildingStatistics(buildingId, 'calls', range, { enabled: withCalls });
  const queries = [withDoorLogs ? doorLogs : null, withCalls ? calls : null].filter(
    (query) => query !== null,
  );
  const title = (
    <Text size="xs" c="dimmed" id={titleId}>
      {t('dashboard.chart.title', { count: CHART_DAYS })}
    </Text>
  );

  if (queries.some((query) => query.isPending)) {
    return (
      <Stack gap={4}>
        {title}
        <Skeleton height={96} aria-label={t('common.loading')} />
      </Stack>
    );
  }
  if (queries.some((query) => query.isError)) {
    return (
      <Stack gap={4}>
        {title}
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('dashboard.chart.failed')}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              for (const query of queries) if (query.isError) void query.refetch();
            }}
          >
            {t('common.retry')}
          </Anchor>
        </Group>
      </Stack>
    );
  }

  const days = chartDays(
    range.from,
    range.to,
    i18n.language,
    withDoorLogs ? doorLogs.data : undefined,
    withCalls ? calls.data : undefined,
  );
  const series = [
    ...(withDoorLogs ? [{ name: 'doorLogs', label: t('dashboard.chart.doorLogs'), color: 'blue.6' }] : []),
    ...(withCalls ? [{ name: 'calls', label: t('dashboard.chart.calls'), color: 'teal.6' }] : []),
  ];
  return (
    <Stack gap={4} data-activity-chart>
      {title}
      <div aria-hidden="true" style={{ height: 96 }}>
        <Suspense fallback={<Skeleton height={96} />}>
          <DaysBarChart data={days} series={series} />
        </Suspense>
      </div>
      <VisuallyHidden>
        <Table aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.chart.day')}</Table.Th>
              {withDoorLogs ? <Table.Th>{t('dashboard.chart.doorLogs')}</Table.Th> : null}
              {withCalls ? <Table.Th>{t('dashboard.chart.calls')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.date} data-day={day.date}>
                <Table.Td>{formatCalendarDate(day.date, i18n.language)}</Table.Td>
                {withDoorLogs ? <Table.Td>{day.doorLogs}</Table.Td> : null}
                {withCalls ? <Table.Td>{day.calls}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
