import { Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDoor } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { AnchorLink } from '../../../components/router-links';
import { ActiveNowBadge, ScheduleWindowText } from '../../../components/schedule-window';
import type { Unit } from '../../../lib/units';

/**
 * Each door of the unit's building with the unit's entry schedule for it (dates, times, whether it
 * lets people through now) or "No access", linking to the schedule's page.
 */
export function DoorAccess({ unit, fromBuilding }: { unit: Unit; fromBuilding?: string }) {
  const { t } = useTranslation();
  const doors = unit.buildingDoors ?? [];
  const schedules = new Map((unit.entrySchedules ?? []).map((schedule) => [schedule.doorId, schedule]));
  if (doors.length === 0) {
    return (
      <EmptyState
        icon={IconDoor}
        title={t('units.access.noDoorsTitle')}
        description={t('units.access.noDoorsText')}
      />
    );
  }
  const search = fromBuilding ? { building: fromBuilding } : {};
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('units.access.door')}</Table.Th>
            <Table.Th>{t('units.access.window')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('units.access.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {doors.map((door) => {
            const schedule = schedules.get(door.id);
            return (
              <Table.Tr key={door.id} data-door-id={door.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={500}>{door.name}</Text>
                    {door.isEntrance ? (
                      <Badge variant="light" color="gray" size="sm">
                        {t('units.access.entrance')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {schedule ? (
                    <Stack gap={4} align="flex-start">
                      <ScheduleWindowText window={schedule} />
                      <ActiveNowBadge active={schedule.activeNow} />
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('units.access.none')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <AnchorLink
                    to="/units/$unitId/entry_schedules/$doorId"
                    params={{ unitId: unit.id, doorId: door.id }}
                    search={search}
                    size="sm"
                    aria-label={t('units.access.scheduleOf', { door: door.name })}
                  >
                    {schedule ? t('units.access.view') : t('units.access.set')}
                  </AnchorLink>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
