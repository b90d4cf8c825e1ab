import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import type { User } from '../api/get-users';

/** The units the user belongs to (with their role) and the buildings they manage, as links. */
export function AccountRoles({ user }: { user: User }) {
  const { t } = useTranslation();
  const memberships = user.membershipsUnitBuilding ?? [];
  const managerships = user.managershipsBuilding ?? [];
  return (
    <Stack gap="lg">
      <div>
        <Text fw={600} mb="xs">
          {t('accounts.memberships')}
        </Text>
        {memberships.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('accounts.noMemberships')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs" aria-label={t('accounts.memberships')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('accounts.unit')}</Table.Th>
                  <Table.Th>{t('accounts.building')}</Table.Th>
                  <Table.Th>{t('fields.role')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {memberships.map((membership) => (
                  <Table.Tr key={membership.id}>
                    <Table.Td>
                      <AnchorLink
                        to="/units/$unitId"
                        params={{ unitId: membership.unit.id }}
                        search={{ building: membership.building.id }}
                      >
                        {membership.unit.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <AnchorLink to="/buildings/$buildingId" params={{ buildingId: membership.building.id }}>
                        {membership.building.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray" size="sm">
                        {t(`members.roles.${membership.role}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
      <div>
        <Text fw={600} mb="xs">
          {t('accounts.managerships')}
        </Text>
        {managerships.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('accounts.noManagerships')}
          </Text>
        ) : (
          <Group
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('accounts.managerships')}
          >
            {managerships.map((managership) => (
              <li key={managership.id}>
                <AnchorLink to="/buildings/$buildingId" params={{ buildingId: managership.building.id }}>
                  {managership.building.name}
                </AnchorLink>
              </li>
            ))}
          </Group>
        )}
      </div>
    </Stack>
  );
}
