import { can } from '@gatehouse/core';
import { Anchor, Grid, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ActivityCounts } from '../../../components/activity-counts';
import { DoorSummary } from '../../../components/door-summary';
import { LoadError, LoadingState } from '../../../components/query-state';
import { ButtonLink } from '../../../components/router-links';
import { SectionCard } from '../../../components/section-card';
import { type Building, useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { useLiveBuilding } from '../api/use-live-building';
import { BuildingLinks } from '../components/building-links';
import { BuildingPhoto } from '../components/building-photo-card';
import { DeleteBuilding } from '../components/delete-building';

const route = getRouteApi('/buildings/$buildingId');

function AddressCard({ building }: { building: Building }) {
  const { t } = useTranslation();
  const lines = [
    building.address,
    [building.postalCode, building.city].filter(Boolean).join(' '),
    building.country,
  ].filter(Boolean);
  const hasContact = building.contactName || building.contactEmail || building.contactPhone;
  return (
    <SectionCard title={t('buildings.detail.address')}>
      <Stack gap="xs">
        {lines.length > 0 ? (
          <Text component="address" style={{ fontStyle: 'normal' }}>
            {lines.map((line) => (
              <span key={line} style={{ display: 'block' }}>
                {line}
              </span>
            ))}
          </Text>
        ) : (
          <Text c="dimmed">{t('buildings.detail.noAddress')}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t('buildings.detail.timeZone', { zone: building.timeZone })}
        </Text>
        {hasContact ? (
          <Stack gap={2} mt="xs">
            <Text size="sm" fw={600}>
              {t('buildings.detail.contact')}
            </Text>
            {building.contactName ? <Text size="sm">{building.contactName}</Text> : null}
            {building.contactEmail ? (
              <Anchor size="sm" href={`mailto:${building.contactEmail}`}>
                {building.contactEmail}
              </Anchor>
            ) : null}
            {building.contactPhone ? (
              <Anchor size="sm" href={`tel:${building.contactPhone}`}>
                {building.contactPhone}
              </Anchor>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </SectionCard>
  );
}

function BuildingDetail({ building }: { building: Building }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const context = { buildingId: building.id };
  const hasActivity =
    building.activity.doorLogs !== undefined || building.activity.intercomCalls !== undefined;
  return (
    <Stack gap="lg">
      <BuildingPhoto building={building} height={240} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <AddressCard building={building} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <SectionCard title={t('buildings.detail.doors')}>
              <Stack gap="sm" align="flex-start">
                <DoorSummary summary={building.doorSummary} />
                {can(roleData, 'doorRead', context) ? (
                  <ButtonLink
                    to="/buildings/$buildingId/doors"
                    params={{ buildingId: building.id }}
                    variant="light"
                    size="xs"
                  >
                    {t('buildings.detail.viewDoors')}
                  </ButtonLink>
                ) : null}
              </Stack>
            </SectionCard>
            {hasActivity ? (
              <SectionCard title={t('buildings.detail.today')}>
                <ActivityCounts activity={building.activity} />
              </SectionCard>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <BuildingLinks buildingId={building.id} />
      {can(roleData, 'buildingDelete', context) ? <DeleteBuilding building={building} /> : null}
    </Stack>
  );
}

/**
 * `/buildings/{id}`: the building's address and contact, its doors at a glance (kept live), today's
 * activity where the user may read it, links to its pages, and deletion for a superadmin.
 */
export function BuildingPage() {
  const { t } = useTranslation();
  const { buildingId } = route.useParams();
  const building = useBuilding(buildingId);
  useLiveBuilding(buildingId);
  const name = building.data?.name;
  usePageData(name ? { pageTitle: name, names: { building: name } } : {});

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
  return <BuildingDetail building={building.data} />;
}
