import { can } from '@gatehouse/core';
import { Button, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DoorSummary } from '../../../components/door-summary';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink, ButtonLink } from '../../../components/router-links';
import { useRoleData } from '../../../lib/session';
import { type BuildingList, type BuildingSort, type SortOrder, useBuildings } from '../api/get-buildings';

const route = getRouteApi('/buildings');

export const BUILDINGS_PAGE_SIZE = 25;
/** How long typing pauses before the search is applied. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The sort choices, as "field:order", with their labels. */
const SORTS = {
  'name:asc': 'buildings.list.sorts.nameAsc',
  'name:desc': 'buildings.list.sorts.nameDesc',
  'city:asc': 'buildings.list.sorts.cityAsc',
  'city:desc': 'buildings.list.sorts.cityDesc',
  'inserted_at:desc': 'buildings.list.sorts.newest',
  'inserted_at:asc': 'buildings.list.sorts.oldest',
} as const;

function BuildingTable({ list }: { list: BuildingList }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.building_name')}</Table.Th>
            <Table.Th>{t('buildings.list.place')}</Table.Th>
            <Table.Th>{t('buildings.list.doors')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.buildings.map((building) => (
            <Table.Tr key={building.id}>
              <Table.Td>
                <AnchorLink to="/buildings/$buildingId" params={{ buildingId: building.id }} fw={500}>
                  {building.name}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {[building.address, [building.postalCode, building.city].filter(Boolean).join(' ')]
                    .filter(Boolean)
                    .join(', ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <DoorSummary summary={building.doorSummary} compact />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/buildings`: the buildings the user may see, searchable (debounced), sortable and paged; search,
 * sort and page live in the URL, so a reload or a shared link shows the same list.
 */
export function BuildingsPage() {
  const { t } = useTranslation();
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const { roleData } = useRoleData();
  const sort: BuildingSort = search.sort ?? 'name';
  const order: SortOrder = search.order ?? 'asc';
  const page = search.page ?? 1;
  const query = useBuildings({ search: search.search, sort, order, page, pageSize: BUILDINGS_PAGE_SIZE });

  // Typing changes the URL once it pauses, and starts again at page 1.
  const [text, setText] = useState(search.search ?? '');
  const applySearch = useDebouncedCallback((value: string) => {
    const next = value.trim() || undefined;
    void navigate({ search: (previous) => ({ ...previous, search: next, page: undefined }), replace: true });
  }, SEARCH_DEBOUNCE_MS);
  const changeText = (value: string) => {
    setText(value);
    applySearch(value);
  };
  // The URL changing by itself (back, forward, a link) shows its search in the field.
  const [urlSearch, setUrlSearch] = useState(search.search);
  if (urlSearch !== search.search) {
    setUrlSearch(search.search);
    if ((search.search ?? '') !== text.trim()) setText(search.search ?? '');
  }

  const setSort = (value: string | null) => {
    const [nextSort, nextOrder] = (value ?? 'name:asc').split(':') as [BuildingSort, SortOrder];
    void navigate({
      search: (previous) => ({
        ...previous,
        sort: nextSort === 'name' ? undefined : nextSort,
        order: nextOrder === 'asc' ? undefined : nextOrder,
        page: undefined,
      }),
    });
  };
  const setPage = (next: number) =>
    void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });

  const list = query.data;
  const pages = list ? Math.ceil(list.meta.total / list.meta.pageSize) : 0;
  const first = list ? (list.meta.page - 1) * list.meta.pageSize + 1 : 0;

  let content: React.ReactNode;
  if (query.isPending) content = <LoadingState />;
  else if (query.isError) {
    content = <LoadError message={t('buildings.loadFailed')} onRetry={() => void query.refetch()} />;
  } else if (list && list.buildings.length === 0 && list.meta.total > 0) {
    content = (
      <EmptyState
        icon={IconBuildingSkyscraper}
        title={t('buildings.list.pastEndTitle')}
        description={t('buildings.list.pastEndText', { total: list.meta.total })}
      >
        <Button variant="light" onClick={() => setPage(1)}>
          {t('buildings.list.first')}
        </Button>
      </EmptyState>
    );
  } else if (list && list.buildings.length === 0) {
    content = search.search ? (
      <EmptyState
        icon={IconSearch}
        title={t('buildings.list.noMatchTitle')}
        description={t('buildings.list.noMatchText', { search: search.search })}
      >
        <Button variant="light" onClick={() => changeText('')}>
          {t('buildings.list.clearSearch')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState
        icon={IconBuildingSkyscraper}
        title={t('pages.buildings.emptyTitle')}
        description={t('pages.buildings.emptyText')}
      />
    );
  } else if (list) {
    content = (
      <Stack gap="sm">
        <BuildingTable list={list} />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('buildings.list.range', {
              first,
              last: first + list.buildings.length - 1,
              total: list.meta.total,
            })}
          </Text>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={list.meta.page}
              onChange={setPage}
              aria-label={t('buildings.list.pagination')}
              getItemProps={(item) => ({ 'aria-label': t('buildings.list.page', { page: item }) })}
              getControlProps={(control) => ({ 'aria-label': t(`buildings.list.${control}`) })}
            />
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" style={{ flex: 1 }}>
          <TextInput
            type="search"
            label={t('buildings.list.search')}
            placeholder={t('buildings.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={text}
            onChange={(event) => changeText(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200, maxWidth: 400 }}
          />
          <Select
            label={t('buildings.list.sort')}
            allowDeselect={false}
            value={`${sort}:${order}`}
            onChange={setSort}
            data={Object.entries(SORTS).map(([value, label]) => ({ value, label: t(label) }))}
            w={200}
          />
        </Group>
        {can(roleData, 'buildingCreate') ? (
          <ButtonLink to="/buildings/new" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            {t('buildings.new')}
          </ButtonLink>
        ) : null}
      </Group>
      {content}
    </Stack>
  );
}
