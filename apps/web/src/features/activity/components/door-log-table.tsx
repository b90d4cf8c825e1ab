import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DoorLogActor, DoorLogResult } from '../../../components/activity-parts';
import { AnchorLink } from '../../../components/router-links';
import type { DoorLog } from '../../../lib/activity';
import { formatDateTime } from '../../../lib/format';
import { ElevatorCallNote } from './elevator-call-note';

/** A door of a row: a link to it, or "Deleted door" when it is gone. */
export function DoorCell({
  buildingId,
  door,
}: {
  buildingId: string;
  door: { id: string; name: string } | null;
}) {
  const { t } = useTranslation();
  if (!door) {
    return (
      <Text size="sm" c="dimmed">
        {t('activity.deletedDoor')}
      </Text>
    );
  }
  return (
    <AnchorLink
      to="/buildings/$buildingId/doors/$doorId"
      params={{ buildingId, doorId: door.id }}
      size="sm"
      fw={500}
    >
      {door.name}
    </AnchorLink>
  );
}

/** The door log, newest first: when (in the building's time zone), which door, who, how and the outcome. */
export function DoorLogTable({
  buildingId,
  timeZone,
  rows,
}: {
  buildingId: string;
  timeZone: string;
  rows: DoorLog[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('pages.doorActivity.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('activity.columns.time')}</Table.Th>
            <Table.Th>{t('activity.columns.door')}</Table.Th>
            <Table.Th>{t('activity.columns.who')}</Table.Th>
            <Table.Th>{t('activity.columns.method')}</Table.Th>
            <Table.Th>{t('activity.columns.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((log) => (
            <Table.Tr key={log.id} data-row-id={log.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" component="time" dateTime={log.occurredAt}>
                  {formatDateTime(log.occurredAt, i18n.language, timeZone, 'medium')}
                </Text>
              </Table.Td>
              <Table.Td>
                <DoorCell buildingId={buildingId} door={log.door} />
              </Table.Td>
              <Table.Td>
                <DoorLogActor log={log} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`activity.methods.${log.method}`)}</Text>
              </Table.Td>
              <Table.Td maw={260}>
                <DoorLogResult log={log} />
                <ElevatorCallNote call={log.elevatorCall} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
