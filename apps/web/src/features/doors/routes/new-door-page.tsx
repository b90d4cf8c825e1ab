import { Box } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';
import { SectionCard } from '../../../components/section-card';
import { useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateDoor } from '../api/create-door';
import {
  DoorFields,
  DoorFormFrame,
  doorBodyOf,
  showDoorFormError,
  useDoorForm,
} from '../components/door-form';

const route = getRouteApi('/buildings/$buildingId/doors/new');

/** `/buildings/{id}/doors/new`: a door with its driver and the driver's settings. */
export function NewDoorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { buildingId } = route.useParams();
  const building = useBuilding(buildingId);
  usePageData({ names: building.data ? { building: building.data.name } : {} });
  const create = useCreateDoor(buildingId);
  const form = useDoorForm('create');

  const submit = form.onSubmit((values) =>
    create.mutate(doorBodyOf(values, 'create'), {
      onSuccess: (door) => {
        showSuccessToast(t('doors.created', { name: door.name }));
        void navigate({
          to: '/buildings/$buildingId/doors/$doorId',
          params: { buildingId, doorId: door.id },
        });
      },
      onError: (error) => showDoorFormError(form, error),
    }),
  );

  return (
    <Box maw={760}>
      <SectionCard title={t('doors.form.title')} description={t('doors.form.description')}>
        <DoorFormFrame
          onSubmit={submit}
          submitLabel={t('doors.create')}
          pending={create.isPending}
          extraActions={
            <ButtonLink to="/buildings/$buildingId/doors" params={{ buildingId }} variant="default">
              {t('common.cancel')}
            </ButtonLink>
          }
        >
          <DoorFields form={form} buildingId={buildingId} />
        </DoorFormFrame>
      </SectionCard>
    </Box>
  );
}
