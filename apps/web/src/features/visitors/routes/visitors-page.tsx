import { can } from '@gatehouse/core';
import { Alert, Group, Stack, Table, Text } from '@mantine/core';
import { IconUserPlus, IconUserQuestion } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink, ButtonLink } from '../../../components/router-links';
import { formatDateTime } from '../../../lib/format';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { unitNames, useUnit } from '../../../lib/units';
import { useVisitors, type Visitor } from '../api/get-visitors';
import { VisitorStateBadge } from '../components/visitor-state-badge';

const route = getRouteApi('/units/$unitId/visitors');

function VisitorTable({
  unitId,
  visitors,
  timeZone,
  fromBuilding,
}: {
  unitId: string;
  visitors: Visitor[];
  timeZone?: string;
  fromBuilding?: string;
}) {
  const { t, i18n } = useTranslation();
  const search = fromBuilding ? { building: fromBuilding } : {};
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.visitor_name')}</Table.Th>
            <Table.Th>{t('visitors.state')}</Table.Th>
            <Table.Th>{t('visitors.validity')}</Table.Th>
            <Table.Th>{t('fields.email')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visitors.map((visitor) => (
            <Table.Tr key={visitor.id} data-visitor-id={visitor.id}>
              <Table.Td>
                <AnchorLink
                  to="/units/$unitId/visitors/$visitorId"
                  params={{ unitId, visitorId: visitor.id }}
                  search={search}
                  fw={500}
                >
                  {visitor.name}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <VisitorStateBadge state={visitor.state} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('visitors.period', {
                    from: formatDateTime(visitor.validFrom, i18n.language, timeZone),
                    until: formatDateTime(visitor.validUntil, i18n.language, timeZone),
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{visitor.email ?? '—'}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/units/{id}/visitors`: the unit's visitors and whether their links work (upcoming, active,
 * expired, revoked). Managers and invite-members add visitors; a plain member only sees them.
 */
export function VisitorsPage() {
  const { t } = useTranslation();
  const { unitId } = route.useParams();
  const { building: fromBuilding } = route.useSearch();
  const { roleData } = useRoleData();
  const unit = useUnit(unitId);
  const visitors = useVisitors(unitId);
  usePageData({ names: unitNames(unit.data) });
  const mayWrite = can(roleData, 'visitorAll', { unitId });

  let content: ReactNode;
  if (visitors.isPending) content = <LoadingState />;
  else if (visitors.isError) {
    content = (
      <LoadError
        message={t('visitors.loadFailed')}
        error={visitors.error}
        onRetry={() => void visitors.refetch()}
      />
    );
  } else if (visitors.data.length === 0) {
    content = (
      <EmptyState
        icon={IconUserQuestion}
        title={t('pages.visitors.emptyTitle')}
        description={t('pages.visitors.emptyText')}
      />
    );
  } else {
    content = (
      <VisitorTable
        unitId={unitId}
        visitors={visitors.data}
        timeZone={unit.data?.building.timeZone}
        fromBuilding={fromBuilding}
      />
    );
  }

  return (
    <Stack gap="md">
      {mayWrite ? (
        <Group justify="flex-end">
          <ButtonLink
            to="/units/$unitId/visitors/new"
            params={{ unitId }}
            search={fromBuilding ? { building: fromBuilding } : {}}
            leftSection={<IconUserPlus size={18} aria-hidden="true" />}
          >
            {t('visitors.new')}
          </ButtonLink>
        </Group>
      ) : (
        <Alert color="gray" variant="light">
          {t('visitors.readOnly')}
        </Alert>
      )}
      {content}
    </Stack>
  );
}
