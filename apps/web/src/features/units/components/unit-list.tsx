import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconHome, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListFooter, ListSearchField } from '../../../components/list-controls';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink } from '../../../components/router-links';
import type { Unit } from '../../../lib/units';
import { type SortOrder, type UnitSort, useUnits } from '../api/get-units';

export const UNITS_PAGE_SIZE = 25;

/** The list state kept in the URL (defaults left out). */
export interface UnitListSearch {
  search?: string;
  page?: number;
  sort?: 'inserted_at';
  order?: 'desc';
}

const SORTS = {
  'name:asc': 'units.list.sorts.nameAsc',
  'name:desc': 'units.list.sorts.nameDesc',
  'inserted_at:desc': 'units.list.sorts.newest',
  'inserted_at:asc': 'units.list.sorts.oldest',
} as const;

function UnitTable({ units, fromBuilding }: { units: Unit[]; fromBuilding?: string }) {
  const { t } = useTranslation();
  // From a building view every unit is of that building: no building column, and the links keep
  // the building for the unit pages' breadcrumbs (spec 2).
  const search = fromBuilding ? { building: fromBuilding } : {};
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.unit_name')}</Table.Th>
            {fromBuilding ? null : <Table.Th>{t('units.list.building')}</Table.Th>}
            <Table.Th>{t('fields.floor')}</Table.Th>
            <Table.Th>{t('units.list.members')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.map((unit) => (
            <Table.Tr key={unit.id} data-unit-id={unit.id}>
              <Table.Td>
                <AnchorLink to="/units/$unitId" params={{ unitId: unit.id }} search={search} fw={500}>
                  {unit.name}
                </AnchorLink>
              </Table.Td>
              {fromBuilding ? null : (
                <Table.Td>
                  <Text size="sm">{unit.building.name}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{unit.floor ?? '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{unit.memberCount}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A searchable, sortable, paged list of units (GET /units), for all units or for one building's.
 * The search, sort and page live in the URL: `onChange` applies a change to it.
 */
export function UnitList({
  search,
  onChange,
  buildingId,
  fromBuilding,
  filter,
  actions,
}: {
  search: UnitListSearch;
  onChange: (patch: Partial<UnitListSearch>, options?: { replace?: boolean }) => void;
  /** Only the units of this building. */
  buildingId?: string;
  /** Set on a building's own unit list: the unit links carry it. */
  fromBuilding?: string;
  /** An extra control next to the search (the building filter). */
  filter?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const sort: UnitSort = search.sort ?? 'name';
  const order: SortOrder = search.order ?? 'asc';
  const page = search.page ?? 1;
  const query = useUnits({ search: search.search, sort, order, page, pageSize: UNITS_PAGE_SIZE, buildingId });

  const setSearch = (next: string | undefined) =>
    onChange({ search: next, page: undefined }, { replace: true });
  const setSort = (value: string | null) => {
    const [nextSort, nextOrder] = (value ?? 'name:asc').split(':') as [UnitSort, SortOrder];
    onChange({
      sort: nextSort === 'name' ? undefined : nextSort,
      order: nextOrder === 'asc' ? undefined : nextOrder,
      page: undefined,
    });
  };
  const setPage = (next: number) => onChange({ page: next > 1 ? next : undefined });

  const list = query.data;
  let content: ReactNode;
  if (!list) {
    content = query.isError ? (
      <LoadError message={t('units.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <LoadingState />
    );
  } else if (list.units.length === 0 && list.meta.total > 0) {
    content = (
      <EmptyState
        icon={IconHome}
        title={t('lists.pastEndTitle')}
        description={t('lists.pastEndText', { total: list.meta.total })}
      >
        <Button variant="light" onClick={() => setPage(1)}>
          {t('lists.first')}
        </Button>
      </EmptyState>
    );
  } else if (list.units.length === 0) {
    content = search.search ? (
      <EmptyState
        icon={IconSearch}
        title={t('units.list.noMatchTitle')}
        description={t('units.list.noMatchText', { search: search.search })}
      >
        <Button variant="light" onClick={() => onChange({ search: undefined, page: undefined })}>
          {t('lists.clearSearch')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState
        icon={IconHome}
        title={t('pages.units.emptyTitle')}
        description={t(buildingId ? 'pages.buildingUnits.emptyText' : 'pages.units.emptyText')}
      />
    );
  } else {
    content = (
      <Stack gap="sm">
        <UnitTable units={list.units} fromBuilding={fromBuilding} />
        <ListFooter meta={list.meta} shown={list.units.length} onPage={setPage} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" style={{ flex: 1 }}>
          <ListSearchField
            value={search.search}
            onSearch={setSearch}
            label={t('lists.search')}
            placeholder={t('units.list.searchPlaceholder')}
          />
          <Select
            label={t('lists.sort')}
            allowDeselect={false}
            value={`${sort}:${order}`}
            onChange={setSort}
            data={Object.entries(SORTS).map(([value, label]) => ({ value, label: t(label) }))}
            w={200}
          />
          {filter}
        </Group>
        {actions}
      </Group>
      {content}
    </Stack>
  );
}
