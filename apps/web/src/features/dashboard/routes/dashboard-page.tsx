import { displayName } from '@gatehouse/core';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LiveIndicator } from '../../../components/live-indicator';
import { LoadError, LoadingState } from '../../../components/query-state';
import { AnchorLink } from '../../../components/router-links';
import type { Building } from '../../../lib/buildings';
import { useAccount } from '../../../lib/session';
import { useDashboardBuildings } from '../api/get-dashboard-buildings';
import { useDashboardLive } from '../api/use-dashboard-live';
import { BuildingCard } from '../components/building-card';

const NO_BUILDINGS: Building[] = [];

function Buildings() {
  const { t } = useTranslation();
  const query = useDashboardBuildings();
  // One event stream for every card (never one per card).
  const live = useDashboardLive(query.data?.buildings ?? NO_BUILDINGS);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return <LoadError message={t('dashboard.loadFailed')} onRetry={() => void query.refetch()} />;
  }
  const { buildings, total } = query.data;
  if (buildings.length === 0) {
    return (
      <EmptyState
        icon={IconBuildingSkyscraper}
        title={t('dashboard.buildingsEmptyTitle')}
        description={t('dashboard.buildingsEmptyText')}
      />
    );
  }
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <LiveIndicator state={live} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {buildings.map((building) => (
          <BuildingCard key={building.id} building={building} />
        ))}
      </SimpleGrid>
      {total > buildings.length ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.showingSome', { shown: buildings.length, total })}{' '}
          <AnchorLink to="/buildings">{t('dashboard.allBuildings')}</AnchorLink>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The dashboard: a greeting, then every building the user may see with its doors at a glance
 * (problems highlighted, by name), today's activity, the last 14 days and the latest door events
 * where the user may read them, all kept live on one `GET /me/events` stream.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { account } = useAccount();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {account
            ? t('dashboard.greeting', { name: displayName(account, t('common.unknown')) })
            : t('dashboard.greetingAnonymous')}
        </Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </div>
      <Buildings />
    </Stack>
  );
}
