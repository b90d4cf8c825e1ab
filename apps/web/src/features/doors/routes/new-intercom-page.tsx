import type { IntercomCreateBody } from '@gatehouse/core';
import { Box } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';
import { SectionCard } from '../../../components/section-card';
import { useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateIntercom } from '../api/create-intercom';
import { useDoor } from '../api/get-door';
import { IntercomForm } from '../components/intercom-form';

const route = getRouteApi('/buildings/$buildingId/doors/$doorId/intercom/new');

/** `/buildings/{b}/doors/{d}/intercom/new`: the intercom's name and model and its device account. */
export function NewIntercomPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { buildingId, doorId } = route.useParams();
  const building = useBuilding(buildingId);
  const door = useDoor(buildingId, doorId, { withIntercom: true });
  const create = useCreateIntercom(buildingId, doorId);
  usePageData({
    names: {
      ...(building.data ? { building: building.data.name } : {}),
      ...(door.data ? { door: door.data.name } : {}),
    },
  });
  return (
    <Box maw={760}>
      <SectionCard title={t('intercom.newTitle')} description={t('intercom.newText')}>
        <IntercomForm<IntercomCreateBody>
          withCredentials
          submitLabel={t('intercom.create')}
          pending={create.isPending}
          onSubmit={(body, form) =>
            create.mutate(body, {
              onSuccess: () => {
                showSuccessToast(t('intercom.created'));
                void navigate({
                  to: '/buildings/$buildingId/doors/$doorId/intercom',
                  params: { buildingId, doorId },
                });
              },
              onError: form.onError,
            })
          }
          extraActions={
            <ButtonLink
              to="/buildings/$buildingId/doors/$doorId"
              params={{ buildingId, doorId }}
              variant="default"
            >
              {t('common.cancel')}
            </ButtonLink>
          }
        />
      </SectionCard>
    </Box>
  );
}
