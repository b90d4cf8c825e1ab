import { DOOR_LOG_METHODS, DOOR_LOG_RESULTS } from '@gatehouse/core';
import { Group, Select, Stack, Text } from '@mantine/core';
import { IconDoorEnter } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveIndicator } from '../../../components/live-indicator';
import { LoadError, LoadingState } from '../../../components/query-state';
import type { DoorLog } from '../../../lib/activity';
import { type Building, useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { useLiveActivity } from '../api/live-activity';
import { useActivityList } from '../api/use-activity-list';
import { ActivityFilters, FILTER_STYLE } from '../components/activity-filters';
import { ActivityList } from '../components/activity-list';
import { DoorLogTable } from '../components/door-log-table';
import { ExportButton } from '../components/export-button';
import {
  type DoorActivitySearch,
  type DoorLogMethodValue,
  type DoorLogResultValue,
  doorLogEventMatches,
  doorLogFilters,
  hasFilters,
} from '../search';

const route = getRouteApi('/buildings/$buildingId/door_entries');

function DoorActivity({ building }: { building: Building }) {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const buildingId = building.id;
  const filters = useMemo(() => doorLogFilters(search, building.timeZone), [search, building.timeZone]);
  const list = useActivityList<DoorLog>(buildingId, 'door_logs', filters);
  const live = useLiveActivity<DoorLog>({
    buildingId,
    kind: 'door_logs',
    filters,
    timeOf: (log) => log.occurredAt,
    onEvent: (event) => (doorLogEventMatches(event, filters) ? 'reload' : 'ignore'),
  });

  const change = (patch: Partial<DoorActivitySearch>, options: { replace?: boolean } = {}) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: options.replace ?? false });
  const clear = () => void navigate({ search: {} });
  const filtered = hasFilters(search);

  return (
    <Stack gap="md">
      <ActivityFilters
        buildingId={buildingId}
        search={search}
        onChange={change}
        filtered={filtered}
        onClear={clear}
        searchPlaceholder={t('activity.filters.doorLogSearch')}
      >
        <Select
          label={t('activity.filters.result')}
          placeholder={t('activity.filters.allResults')}
          data={DOOR_LOG_RESULTS.map((value) => ({ value, label: t(`activity.results.${value}`) }))}
          value={search.result ?? null}
          onChange={(value) => change({ result: (value as DoorLogResultValue | null) ?? undefined })}
          clearable
          style={FILTER_STYLE}
        />
        <Select
          label={t('activity.filters.method')}
          placeholder={t('activity.filters.allMethods')}
          data={DOOR_LOG_METHODS.map((value) => ({ value, label: t(`activity.methods.${value}`) }))}
          value={search.method ?? null}
          onChange={(value) => change({ method: (value as DoorLogMethodValue | null) ?? undefined })}
          clearable
          style={FILTER_STYLE}
        />
      </ActivityFilters>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <LiveIndicator state={live} />
          <Text size="sm" c="dimmed">
            {t('activity.timeZone', { zone: building.timeZone })}
          </Text>
        </Group>
        <ExportButton building={building} kind="door_logs" filters={filters} />
      </Group>
      <ActivityList
        query={list}
        icon={IconDoorEnter}
        loadFailed={t('activity.list.doorLogsFailed')}
        emptyTitle={t('pages.doorActivity.emptyTitle')}
        emptyText={t('pages.doorActivity.emptyText')}
        filtered={filtered}
        onClear={clear}
      >
        {(rows) => <DoorLogTable buildingId={buildingId} timeZone={building.timeZone} rows={rows} />}
      </ActivityList>
    </Stack>
  );
}

/**
 * `/buildings/{id}/door_entries` "Door activity": every open attempt of the building, newest first,
 * filtered by days, door, result, method and text (all kept in the URL), loaded page by page, with new
 * attempts appearing live at the top, and the same selection as a CSV file.
 */
export function DoorActivityPage() {
  const { t } = useTranslation();
  const { buildingId } = route.useParams();
  const building = useBuilding(buildingId);
  usePageData({ names: building.data ? { building: building.data.name } : {} });
  if (building.isPending) return <LoadingState />;
  if (building.isError) {
    return (
      <LoadError
        message={t('buildings.loadOneFailed')}
        error={building.error}
        onRetry={() => void building.refetch()}
      />
    );
  }
  return <DoorActivity building={building.data} />;
}
