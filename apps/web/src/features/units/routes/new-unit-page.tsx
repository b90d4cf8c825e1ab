import { unitCreateBodySchema } from '@gatehouse/core';
import { Box, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { useBuilding } from '../../../lib/buildings';
import { showFormError, zodValidator } from '../../../lib/forms';
import { usePageData } from '../../../lib/page-data';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateUnit } from '../api/create-unit';

const route = getRouteApi('/buildings/$buildingId/units/new');

interface UnitValues {
  name: string;
  floor: string;
}

/** `/buildings/{id}/units/new`: a unit of the building, by name (unique in the building) and floor. */
export function NewUnitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { buildingId } = route.useParams();
  const building = useBuilding(buildingId);
  usePageData({ names: building.data ? { building: building.data.name } : {} });
  const create = useCreateUnit();
  const toBody = (values: UnitValues) => ({ building_id: buildingId, ...values });
  const form = useForm<UnitValues>({
    initialValues: { name: '', floor: '' },
    validate: zodValidator(unitCreateBodySchema, t, { toBody }),
  });

  const submit = form.onSubmit((values) =>
    create.mutate(unitCreateBodySchema.parse(toBody(values)), {
      onSuccess: (unit) => {
        showSuccessToast(t('units.created', { name: unit.name }));
        void navigate({
          to: '/units/$unitId',
          params: { unitId: unit.id },
          search: { building: buildingId },
        });
      },
      onError: (error) => {
        // 409: the building already has a unit of that name.
        if (error instanceof ApiError && error.status === 409)
          form.setFieldError('name', t('units.nameTaken'));
        showFormError(form, error);
      },
    }),
  );

  return (
    <Box maw={640}>
      <SectionCard title={t('units.form.title')} description={t('units.form.description')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput label={t('fields.unit_name')} required {...form.getInputProps('name')} />
            <TextInput
              label={t('fields.floor')}
              description={t('units.form.floorHint')}
              {...form.getInputProps('floor')}
            />
            <Group justify="flex-end">
              <ButtonLink to="/buildings/$buildingId/units" params={{ buildingId }} variant="default">
                {t('common.cancel')}
              </ButtonLink>
              <Button type="submit" loading={create.isPending}>
                {t('units.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
    </Box>
  );
}
