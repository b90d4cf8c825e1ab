import { Button, Stack } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/query-state';
import type { ActivityData } from '../api/use-activity-list';
import { LoadMore } from './load-more';

/**
 * The states of an activity list: loading, failed (with a retry), empty (saying whether the filters
 * hide everything, with a way to clear them), else the rows and "Load more".
 */
export function ActivityList<Row>({
  query,
  icon,
  loadFailed,
  emptyTitle,
  emptyText,
  filtered,
  onClear,
  children,
}: {
  query: UseInfiniteQueryResult<ActivityData<Row>>;
  icon: Icon;
  loadFailed: string;
  emptyTitle: string;
  emptyText: string;
  filtered: boolean;
  onClear: () => void;
  children: (rows: Row[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return <LoadError message={loadFailed} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const rows = query.data.pages.flatMap((page) => page.rows);
  if (rows.length === 0) {
    return filtered ? (
      <EmptyState
        icon={icon}
        title={t('activity.list.noMatchTitle')}
        description={t('activity.list.noMatchText')}
      >
        <Button variant="light" onClick={onClear}>
          {t('activity.filters.clear')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={icon} title={emptyTitle} description={emptyText} />
    );
  }
  return (
    <Stack gap="xs">
      {children(rows)}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        fetchNextPage={() => void query.fetchNextPage()}
      />
    </Stack>
  );
}
