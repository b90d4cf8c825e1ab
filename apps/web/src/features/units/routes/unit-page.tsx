import { can } from '@gatehouse/core';
import { Stack, Table } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink } from '../../../components/router-links';
import { SectionCard } from '../../../components/section-card';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { type Unit, unitNames, useUnit } from '../../../lib/units';
import { DeleteUnit } from '../components/delete-unit';
import { DoorAccess } from '../components/door-access';
import { UnitLinks } from '../components/unit-links';

const route = getRouteApi('/units/$unitId');

/** What the unit detail page loads with the unit (spec 2: "preloading the entry schedules"). */
export const UNIT_PAGE_PRELOADS = ['entry_schedules', 'building_doors'] as const;

function UnitDetails({ unit }: { unit: Unit }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  return (
    <SectionCard title={t('units.detail.title')}>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={160}>{t('units.detail.building')}</Table.Th>
            <Table.Td>
              {can(roleData, 'buildingRead', { buildingId: unit.buildingId }) ? (
                <AnchorLink to="/buildings/$buildingId" params={{ buildingId: unit.buildingId }}>
                  {unit.building.name}
                </AnchorLink>
              ) : (
                unit.building.name
              )}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('fields.floor')}</Table.Th>
            <Table.Td>{unit.floor ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('units.detail.members')}</Table.Th>
            <Table.Td>{unit.memberCount}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

/**
 * `/units/{id}`: the unit (its name titles the page), which doors of its building it may open and
 * when, links to its members, visitors and properties, and deletion for building managers.
 */
export function UnitPage() {
  const { t } = useTranslation();
  const { unitId } = route.useParams();
  const { building: fromBuilding } = route.useSearch();
  const { roleData } = useRoleData();
  const unit = useUnit(unitId, UNIT_PAGE_PRELOADS);
  usePageData({
    ...(unit.data ? { pageTitle: unit.data.name } : {}),
    names: unitNames(unit.data),
  });

  if (unit.isPending) return <LoadingState />;
  if (unit.isError) {
    return (
      <LoadError message={t('units.loadOneFailed')} error={unit.error} onRetry={() => void unit.refetch()} />
    );
  }
  return (
    <Stack gap="lg">
      <UnitDetails unit={unit.data} />
      <SectionCard title={t('units.access.title')} description={t('units.access.description')}>
        <DoorAccess unit={unit.data} fromBuilding={fromBuilding} />
      </SectionCard>
      <UnitLinks unitId={unitId} fromBuilding={fromBuilding} />
      {can(roleData, 'unitDelete', { unitId }) ? <DeleteUnit unit={unit.data} /> : null}
    </Stack>
  );
}
