import { buildingUpdateBodySchema } from '@gatehouse/core';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../../components/query-state';
import { type Building, useBuilding } from '../../../lib/buildings';
import { showFormError, zodValidator } from '../../../lib/forms';
import { usePageData } from '../../../lib/page-data';
import { showSuccessToast } from '../../../lib/toast';
import { useUpdateBuilding } from '../api/update-building';
import { BuildingFields, type BuildingValues, buildingValuesOf } from '../components/building-fields';
import { BuildingPhotoCard } from '../components/building-photo-card';

const route = getRouteApi('/buildings/$buildingId/properties');

function PropertiesForm({ building }: { building: Building }) {
  const { t } = useTranslation();
  const update = useUpdateBuilding(building.id);
  const form = useForm<BuildingValues>({
    initialValues: buildingValuesOf(building),
    validate: zodValidator(buildingUpdateBodySchema, t),
  });

  const submit = form.onSubmit((values) =>
    update.mutate(buildingUpdateBodySchema.parse(values), {
      onSuccess: (saved) => {
        const next = buildingValuesOf(saved);
        form.setValues(next);
        form.resetDirty(next);
        showSuccessToast(t('buildings.saved'));
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={760}>
        <BuildingFields form={form} withProviders />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/buildings/{id}/properties`: the building's photo and every setting, including the provider links. */
export function BuildingPropertiesPage() {
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
  return (
    <Stack gap="lg" maw={760}>
      <BuildingPhotoCard building={building.data} />
      <PropertiesForm key={building.data.id} building={building.data} />
    </Stack>
  );
}
