import { CALL_STATUSES } from '@gatehouse/core';
import { Group, Select, Stack, Text } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveIndicator } from '../../../components/live-indicator';
import { LoadError, LoadingState } from '../../../components/query-state';
import type { Call } from '../../../lib/activity';
import { type Building, useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { useLiveActivity } from '../api/live-activity';
import { useActivityList } from '../api/use-activity-list';
import { ActivityFilters, FILTER_STYLE } from '../components/activity-filters';
import { ActivityList } from '../components/activity-list';
import { CallTable } from '../components/call-table';
import { ExportButton } from '../components/export-button';
import {
  type CallActivitySearch,
  type CallStatusValue,
  callEventMatches,
  callFilters,
  hasFilters,
} from '../search';

const route = getRouteApi('/buildings/$buildingId/call_entries');

function IntercomActivity({ building }: { building: Building }) {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const buildingId = building.id;
  const filters = useMemo(() => callFilters(search, building.timeZone), [search, building.timeZone]);
  const list = useActivityList<Call>(buildingId, 'calls', filters);
  const live = useLiveActivity<Call>({
    buildingId,
    kind: 'calls',
    filters,
    timeOf: (call) => call.startedAt,
    onEvent: (event, { data, update }) => {
      if (event.type !== 'call') return 'ignore';
      const matches = callEventMatches(event, filters);
      const shown = data?.pages.some((page) => page.rows.some((row) => row.id === event.call_id)) ?? false;
      if (shown) {
        // A call on screen changes at once (its status), or leaves a list it no longer belongs in;
        // the reload then brings its other fields (answer time, length, door opened).
        const callId = event.call_id;
        update((row) => (row.id !== callId ? row : matches ? { ...row, status: event.status } : null));
      }
      return matches ? 'reload' : 'ignore';
    },
  });

  const change = (patch: Partial<CallActivitySearch>, options: { replace?: boolean } = {}) =>
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
        searchPlaceholder={t('activity.filters.callSearch')}
      >
        <Select
          label={t('activity.filters.status')}
          placeholder={t('activity.filters.allStatuses')}
          data={CALL_STATUSES.map((value) => ({ value, label: t(`activity.callStatuses.${value}`) }))}
          value={search.status ?? null}
          onChange={(value) => change({ status: (value as CallStatusValue | null) ?? undefined })}
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
        <ExportButton building={building} kind="calls" filters={filters} />
      </Group>
      <ActivityList
        query={list}
        icon={IconPhoneCall}
        loadFailed={t('activity.list.callsFailed')}
        emptyTitle={t('pages.intercomActivity.emptyTitle')}
        emptyText={t('pages.intercomActivity.emptyText')}
        filtered={filtered}
        onClear={clear}
      >
        {(rows) => <CallTable buildingId={buildingId} timeZone={building.timeZone} rows={rows} />}
      </ActivityList>
    </Stack>
  );
}

/**
 * `/buildings/{id}/call_entries` "Intercom activity": the building's intercom calls, newest first,
 * filtered by days, door, status and text (kept in the URL), loaded page by page and kept live from
 * `call` events (new calls at the top, changed calls updated), with the same selection as a CSV file.
 */
export function IntercomActivityPage() {
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
  return <IntercomActivity building={building.data} />;
}
