import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CallStatusBadge, formatDuration } from '../../../components/activity-parts';
import type { Call } from '../../../lib/activity';
import { formatDateTime } from '../../../lib/format';
import { DoorCell } from './door-log-table';

/** The intercom calls, newest first: when, which door and intercom, the unit called, status and length. */
export function CallTable({
  buildingId,
  timeZone,
  rows,
}: {
  buildingId: string;
  timeZone: string;
  rows: Call[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('pages.intercomActivity.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('activity.columns.time')}</Table.Th>
            <Table.Th>{t('activity.columns.doorIntercom')}</Table.Th>
            <Table.Th>{t('activity.columns.unit')}</Table.Th>
            <Table.Th>{t('activity.columns.status')}</Table.Th>
            <Table.Th>{t('activity.columns.duration')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((call) => (
            <Table.Tr key={call.id} data-row-id={call.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" component="time" dateTime={call.startedAt}>
                  {formatDateTime(call.startedAt, i18n.language, timeZone, 'medium')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <DoorCell buildingId={buildingId} door={call.door} />
                  {call.intercom ? (
                    <Text size="xs" c="dimmed">
                      {call.intercom.name}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                {call.unit ? (
                  <Text size="sm">{call.unit.name}</Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('activity.noUnit')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <CallStatusBadge status={call.status} />
                  {call.doorOpened ? (
                    <Badge
                      variant="outline"
                      color="teal"
                      leftSection={<IconDoorEnter size={12} aria-hidden="true" />}
                      data-door-opened
                    >
                      {t('activity.doorOpened')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                {call.durationSeconds === null ? (
                  <Text size="sm" c="dimmed" aria-label={t('activity.noDuration')}>
                    –
                  </Text>
                ) : (
                  <Text
                    size="sm"
                    component="time"
                    dateTime={`PT${call.durationSeconds}S`}
                    style={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatDuration(call.durationSeconds)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
