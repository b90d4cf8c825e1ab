import { type Action, can } from '@gatehouse/core';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconAdjustments, IconUserQuestion, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useRoleData } from '../../../lib/session';

type UnitPath = '/units/$unitId/members' | '/units/$unitId/visitors' | '/units/$unitId/properties';

const LINKS: ReadonlyArray<{
  to: UnitPath;
  /** The permission of the page it leads to (its route's `hasPermission`). */
  action: Action;
  icon: Icon;
  label: ParseKeys;
  description: ParseKeys;
}> = [
  {
    to: '/units/$unitId/members',
    action: 'memberRead',
    icon: IconUsersGroup,
    label: 'breadcrumbs.members',
    description: 'units.links.members',
  },
  {
    to: '/units/$unitId/visitors',
    action: 'visitorRead',
    icon: IconUserQuestion,
    label: 'breadcrumbs.visitors',
    description: 'units.links.visitors',
  },
  {
    to: '/units/$unitId/properties',
    action: 'unitUpdate',
    icon: IconAdjustments,
    label: 'breadcrumbs.properties',
    description: 'units.links.properties',
  },
];

/** The pages of a unit, each shown only to a user allowed to open it; they keep `?building=`. */
export function UnitLinks({ unitId, fromBuilding }: { unitId: string; fromBuilding?: string }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const links = LINKS.filter((link) => can(roleData, link.action, { unitId }));
  if (links.length === 0) return null;
  const search = fromBuilding ? { building: fromBuilding } : {};
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="nav" aria-label={t('units.links.label')}>
      {links.map(({ to, icon: LinkIcon, label, description }) => (
        <Link
          key={to}
          to={to}
          params={{ unitId }}
          search={search}
          style={{ textDecoration: 'none', color: 'inherit' }}
        >
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
