import { can, displayName } from '@gatehouse/core';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserMinus } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { InviteBadge } from '../../../components/invite-badge';
import { LoadError, LoadingState } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { useBuilding } from '../../../lib/buildings';
import { formatDateTime } from '../../../lib/format';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useDeleteManager } from '../api/delete-manager';
import { useManager } from '../api/get-manager';
import type { Manager } from '../api/get-managers';

const route = getRouteApi('/buildings/$buildingId/managers/$managerId');

function RemoveManager({
  buildingId,
  manager,
  name,
}: {
  buildingId: string;
  manager: Manager;
  name: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteManager(buildingId, manager.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(t('managers.removed', { name }));
        void navigate({ to: '/buildings/$buildingId/managers', params: { buildingId } });
      },
      onError: (error) => {
        close();
        // 409: the building would be left without a manager.
        showErrorToast(error instanceof ApiError && error.status === 409 ? t('managers.lastManager') : error);
      },
    });
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconUserMinus size={18} aria-hidden="true" />}
        onClick={open}
      >
        {t('managers.remove')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('managers.removeTitle', { name })}
        confirmLabel={t('managers.remove')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('managers.removeText', { name })}</Text>
      </ConfirmModal>
    </>
  );
}

/** `/buildings/{b}/managers/{m}`: the manager's name, email and invite state, and removal. */
export function ManagerPage() {
  const { t, i18n } = useTranslation();
  const { buildingId, managerId } = route.useParams();
  const { roleData } = useRoleData();
  const building = useBuilding(buildingId);
  const manager = useManager(buildingId, managerId);
  const name = manager.data ? displayName(manager.data.user, t('common.unknown')) : undefined;
  usePageData({
    ...(name ? { pageTitle: name } : {}),
    names: {
      ...(building.data ? { building: building.data.name } : {}),
      ...(name ? { manager: name } : {}),
    },
  });

  if (manager.isPending) return <LoadingState />;
  if (manager.isError) {
    return (
      <LoadError
        message={t('managers.loadOneFailed')}
        error={manager.error}
        onRetry={() => void manager.refetch()}
      />
    );
  }
  const { user } = manager.data;
  return (
    <Stack gap="lg" maw={760}>
      <SectionCard title={t('managers.details')}>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={180}>{t('managers.name')}</Table.Th>
              <Table.Td>
                <Group gap="xs">
                  {name}
                  {user.invitePending ? <InviteBadge /> : null}
                </Group>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fields.email')}</Table.Th>
              <Table.Td>{user.email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('managers.since')}</Table.Th>
              <Table.Td>{formatDateTime(manager.data.insertedAt, i18n.language)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </SectionCard>
      {can(roleData, 'managerDelete', { buildingId }) && name ? (
        <SectionCard title={t('managers.removeSection')} description={t('managers.removeDescription')}>
          <RemoveManager buildingId={buildingId} manager={manager.data} name={name} />
        </SectionCard>
      ) : null}
    </Stack>
  );
}
