import { Box, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DoorStatusBadge, isProblemStatus } from '../../../components/door-status-badge';
import { AnchorLink } from '../../../components/router-links';
import { useDoors } from '../../../lib/doors';

/**
 * The doors of a building that are offline or failing, by name, each linking to its page. Read only
 * when the summary says there are such doors, so a dashboard of healthy buildings costs no door lists.
 */
export function ProblemDoors({ buildingId }: { buildingId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const doors = useDoors(buildingId);
  if (doors.isPending || doors.isError) return null;
  const problems = doors.data.doors.filter((door) => isProblemStatus(door.status));
  if (problems.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" id={headingId}>
        {t('dashboard.problemDoors')}
      </Text>
      <Stack component="ul" gap={4} aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
        {problems.map((door) => (
          <Box component="li" key={door.id}>
            <Group gap="xs" wrap="nowrap">
              <AnchorLink
                to="/buildings/$buildingId/doors/$doorId"
                params={{ buildingId, doorId: door.id }}
                size="sm"
                truncate
              >
                {door.name}
              </AnchorLink>
              <DoorStatusBadge status={door.status} size="sm" />
            </Group>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
