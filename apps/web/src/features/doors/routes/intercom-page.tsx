import { can, type IntercomUpdateBody } from '@gatehouse/core';
import { Button, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDeviceLandlinePhone, IconPlus, IconTrash } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/query-state';
import { ButtonLink } from '../../../components/router-links';
import { SectionCard } from '../../../components/section-card';
import { useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useDeleteIntercom } from '../api/delete-intercom';
import { useDoor } from '../api/get-door';
import { type Intercom, useIntercom } from '../api/get-intercom';
import { useUpdateIntercom } from '../api/update-intercom';
import { IntercomForm } from '../components/intercom-form';

const route = getRouteApi('/buildings/$buildingId/doors/$doorId/intercom');

function IntercomDetails({ intercom }: { intercom: Intercom }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('fields.intercom_name'), intercom.name ?? '—'],
    [t('fields.model'), intercom.model ?? '—'],
    [t('fields.intercom_email'), intercom.email],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={180}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DeleteIntercom({ buildingId, doorId }: { buildingId: string; doorId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteIntercom(buildingId, doorId);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(t('intercom.deleted'));
        void navigate({ to: '/buildings/$buildingId/doors/$doorId', params: { buildingId, doorId } });
      },
      onError: (error) => {
        close();
        showErrorToast(error);
      },
    });
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} aria-hidden="true" />}
        onClick={open}
      >
        {t('intercom.delete')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('intercom.deleteTitle')}
        confirmLabel={t('intercom.delete')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('intercom.deleteText')}</Text>
      </ConfirmModal>
    </>
  );
}

function EditIntercom({
  buildingId,
  doorId,
  intercom,
}: {
  buildingId: string;
  doorId: string;
  intercom: Intercom;
}) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const update = useUpdateIntercom(buildingId, doorId);
  return (
    <IntercomForm<IntercomUpdateBody>
      intercom={intercom}
      withCredentials={roleData.isSuperadmin}
      submitLabel={t('common.save')}
      pending={update.isPending}
      onSubmit={(body, form) =>
        update.mutate(body, {
          onSuccess: (saved) => {
            form.onSaved(saved);
            showSuccessToast(t('intercom.saved'));
          },
          onError: form.onError,
        })
      }
    />
  );
}

/**
 * `/buildings/{b}/doors/{d}/intercom`: the door's intercom. A door without one shows an empty state
 * offering to add it; the device account's email and password can be changed by a superadmin only.
 */
export function IntercomPage() {
  const { t } = useTranslation();
  const { buildingId, doorId } = route.useParams();
  const { roleData } = useRoleData();
  const building = useBuilding(buildingId);
  const door = useDoor(buildingId, doorId, { withIntercom: true });
  const intercom = useIntercom(buildingId, doorId);
  const mayUpdate = can(roleData, 'intercomUpdate', { buildingId });
  usePageData({
    ...(intercom.data?.name ? { pageTitle: intercom.data.name } : {}),
    names: {
      ...(building.data ? { building: building.data.name } : {}),
      ...(door.data ? { door: door.data.name } : {}),
    },
  });

  if (intercom.isPending) return <LoadingState />;
  if (intercom.isError) {
    return (
      <LoadError
        message={t('intercom.loadFailed')}
        error={intercom.error}
        onRetry={() => void intercom.refetch()}
      />
    );
  }
  if (intercom.data === null) {
    return (
      <EmptyState
        icon={IconDeviceLandlinePhone}
        title={t('intercom.emptyTitle')}
        description={t('intercom.emptyText')}
      >
        {mayUpdate ? (
          <ButtonLink
            to="/buildings/$buildingId/doors/$doorId/intercom/new"
            params={{ buildingId, doorId }}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('intercom.add')}
          </ButtonLink>
        ) : null}
      </EmptyState>
    );
  }
  return (
    <Stack gap="lg" maw={760}>
      <SectionCard title={t('intercom.details')}>
        <IntercomDetails intercom={intercom.data} />
      </SectionCard>
      {mayUpdate ? (
        <>
          <SectionCard
            title={t('intercom.edit')}
            description={roleData.isSuperadmin ? t('intercom.editSuperadmin') : t('intercom.editManager')}
          >
            <EditIntercom
              key={intercom.data.id}
              buildingId={buildingId}
              doorId={doorId}
              intercom={intercom.data}
            />
          </SectionCard>
          <SectionCard title={t('intercom.deleteSection')}>
            <DeleteIntercom buildingId={buildingId} doorId={doorId} />
          </SectionCard>
        </>
      ) : null}
    </Stack>
  );
}
