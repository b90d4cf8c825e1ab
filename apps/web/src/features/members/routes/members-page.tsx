import { can, displayName } from '@gatehouse/core';
import { Group, Stack, Table, Text } from '@mantine/core';
import { IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { InviteBadge } from '../../../components/invite-badge';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink, ButtonLink } from '../../../components/router-links';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { unitNames, useUnit } from '../../../lib/units';
import { type Member, useMembers } from '../api/get-members';
import { RoleBadge } from '../components/roles';

const route = getRouteApi('/units/$unitId/members');

function MemberTable({
  unitId,
  members,
  fromBuilding,
}: {
  unitId: string;
  members: Member[];
  fromBuilding?: string;
}) {
  const { t } = useTranslation();
  const search = fromBuilding ? { building: fromBuilding } : {};
  const sorted = [...members].sort((a, b) =>
    displayName(a.user, t('common.unknown')).localeCompare(displayName(b.user, t('common.unknown'))),
  );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('members.name')}</Table.Th>
            <Table.Th>{t('fields.email')}</Table.Th>
            <Table.Th>{t('fields.phone')}</Table.Th>
            <Table.Th>{t('fields.role')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((member) => (
            <Table.Tr key={member.id} data-member-id={member.id}>
              <Table.Td>
                <Group gap="xs">
                  <AnchorLink
                    to="/units/$unitId/members/$memberId"
                    params={{ unitId, memberId: member.id }}
                    search={search}
                    fw={500}
                  >
                    {displayName(member.user, t('common.unknown'))}
                  </AnchorLink>
                  {member.user.invitePending ? <InviteBadge /> : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{member.user.email}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{member.user.phone ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <RoleBadge role={member.role} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** `/units/{id}/members`: the people of the unit with their role and a pending-invite marker. */
export function MembersPage() {
  const { t } = useTranslation();
  const { unitId } = route.useParams();
  const { building: fromBuilding } = route.useSearch();
  const { roleData } = useRoleData();
  const unit = useUnit(unitId);
  const members = useMembers(unitId);
  usePageData({ names: unitNames(unit.data) });

  let content: ReactNode;
  if (members.isPending) content = <LoadingState />;
  else if (members.isError) {
    content = (
      <LoadError
        message={t('members.loadFailed')}
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  } else if (members.data.length === 0) {
    content = (
      <EmptyState
        icon={IconUsersGroup}
        title={t('pages.members.emptyTitle')}
        description={t('pages.members.emptyText')}
      />
    );
  } else {
    content = <MemberTable unitId={unitId} members={members.data} fromBuilding={fromBuilding} />;
  }

  return (
    <Stack gap="md">
      {can(roleData, 'memberCreate', { unitId }) ? (
        <Group justify="flex-end">
          <ButtonLink
            to="/units/$unitId/members/new"
            params={{ unitId }}
            search={fromBuilding ? { building: fromBuilding } : {}}
            leftSection={<IconUserPlus size={18} aria-hidden="true" />}
          >
            {t('members.add')}
          </ButtonLink>
        </Group>
      ) : null}
      {content}
    </Stack>
  );
}
