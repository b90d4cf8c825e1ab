import { displayName, managerCreateBodySchema } from '@gatehouse/core';
import { Box, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../../components/name-fields';
import { ButtonLink } from '../../../components/router-links';
import { SectionCard } from '../../../components/section-card';
import { useBuilding } from '../../../lib/buildings';
import { showFormError, zodValidator } from '../../../lib/forms';
import { usePageData } from '../../../lib/page-data';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateManager } from '../api/create-manager';

const route = getRouteApi('/buildings/$buildingId/managers/new');

interface ManagerValues {
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * `/buildings/{id}/managers/new`: makes someone a manager of the building by email. An existing user
 * gains the role at once; someone new is invited by mail, and the toast says which happened.
 */
export function NewManagerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { buildingId } = route.useParams();
  const building = useBuilding(buildingId);
  usePageData({ names: building.data ? { building: building.data.name } : {} });
  const create = useCreateManager(buildingId);
  const form = useForm<ManagerValues>({
    initialValues: { email: '', first_name: '', last_name: '' },
    validate: zodValidator(managerCreateBodySchema, t),
  });

  const submit = form.onSubmit((values) =>
    create.mutate(managerCreateBodySchema.parse(values), {
      onSuccess: (manager) => {
        const name = displayName(manager.user, t('common.unknown'));
        showSuccessToast(
          manager.user.invitePending
            ? t('managers.invited', { email: manager.user.email })
            : t('managers.added', { name }),
        );
        void navigate({ to: '/buildings/$buildingId/managers', params: { buildingId } });
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <Box maw={640}>
      <SectionCard title={t('managers.inviteTitle')} description={t('managers.inviteText')}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="off"
              required
              {...form.getInputProps('email')}
            />
            <NameFields form={form} layout="grid" />
            <Group justify="flex-end">
              <ButtonLink to="/buildings/$buildingId/managers" params={{ buildingId }} variant="default">
                {t('common.cancel')}
              </ButtonLink>
              <Button type="submit" loading={create.isPending}>
                {t('managers.inviteSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
    </Box>
  );
}
