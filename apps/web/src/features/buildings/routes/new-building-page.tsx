import { buildingCreateBodySchema } from '@gatehouse/core';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';
import { showFormError, zodValidator } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateBuilding } from '../api/create-building';
import { BuildingFields, type BuildingValues, EMPTY_BUILDING_VALUES } from '../components/building-fields';

/** `/buildings/new` (superadmin): the building, its place and time zone, and a contact person. */
export function NewBuildingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBuilding();
  const form = useForm<BuildingValues>({
    initialValues: EMPTY_BUILDING_VALUES,
    validate: zodValidator(buildingCreateBodySchema, t),
  });

  const submit = form.onSubmit((values) =>
    create.mutate(buildingCreateBodySchema.parse(values), {
      onSuccess: (building) => {
        showSuccessToast(t('buildings.created', { name: building.name }));
        void navigate({ to: '/buildings/$buildingId', params: { buildingId: building.id } });
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={760}>
        <BuildingFields form={form} />
        <Group justify="flex-end">
          <ButtonLink to="/buildings" variant="default">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" loading={create.isPending}>
            {t('buildings.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
