import { type Action, can } from '@gatehouse/core';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import {
  type Icon,
  IconAdjustments,
  IconDoor,
  IconDoorEnter,
  IconHome,
  IconPhoneCall,
  IconUserShield,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useRoleData } from '../../../lib/session';

type BuildingPath =
  | '/buildings/$buildingId/doors'
  | '/buildings/$buildingId/units'
  | '/buildings/$buildingId/managers'
  | '/buildings/$buildingId/properties'
  | '/buildings/$buildingId/door_entries'
  | '/buildings/$buildingId/call_entries';

interface BuildingLink {
  to: BuildingPath;
  /** The permission of the page it leads to (its route's `hasPermission`). */
  action: Action;
  icon: Icon;
  label: ParseKeys;
  description: ParseKeys;
}

const LINKS: readonly BuildingLink[] = [
  {
    to: '/buildings/$buildingId/doors',
    action: 'doorRead',
    icon: IconDoor,
    label: 'breadcrumbs.doors',
    description: 'buildings.links.doors',
  },
  {
    to: '/buildings/$buildingId/units',
    action: 'buildingRead',
    icon: IconHome,
    label: 'breadcrumbs.units',
    description: 'buildings.links.units',
  },
  {
    to: '/buildings/$buildingId/managers',
    action: 'managerRead',
    icon: IconUserShield,
    label: 'breadcrumbs.managers',
    description: 'buildings.links.managers',
  },
  {
    to: '/buildings/$buildingId/properties',
    action: 'buildingUpdate',
    icon: IconAdjustments,
    label: 'breadcrumbs.properties',
    description: 'buildings.links.properties',
  },
  {
    to: '/buildings/$buildingId/door_entries',
    action: 'doorLogRead',
    icon: IconDoorEnter,
    label: 'pages.doorActivity.title',
    description: 'buildings.links.doorActivity',
  },
  {
    to: '/buildings/$buildingId/call_entries',
    action: 'callRead',
    icon: IconPhoneCall,
    label: 'pages.intercomActivity.title',
    description: 'buildings.links.intercomActivity',
  },
];

/** The pages of a building, each shown only to a user allowed to open it. */
export function BuildingLinks({ buildingId }: { buildingId: string }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const links = LINKS.filter((link) => can(roleData, link.action, { buildingId }));
  if (links.length === 0) return null;
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      component="nav"
      aria-label={t('buildings.links.label')}
    >
      {links.map(({ to, icon: LinkIcon, label, description }) => (
        <Link key={to} to={to} params={{ buildingId }} style={{ textDecoration: 'none', color: 'inherit' }}>
          <Paper withBorder radius="md" p="md" h="100%">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={36} radius="md" aria-hidden="true">
                <LinkIcon size={20} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{String(t(label))}</Text>
                <Text size="sm" c="dimmed">
                  {String(t(description))}
                </Text>
              </div>
            </Group>
          </Paper>
        </Link>
      ))}
    </SimpleGrid>
  );
}
