import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SectionCard } from '../../../components/section-card';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { Unit } from '../../../lib/units';
import { useDeleteUnit } from '../api/delete-unit';

/** Deleting a unit (building managers), after a confirmation: its members, visitors and schedules go too. */
export function DeleteUnit({ unit }: { unit: Unit }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteUnit(unit.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(t('units.delete.done', { name: unit.name }));
        void navigate({ to: '/buildings/$buildingId/units', params: { buildingId: unit.buildingId } });
      },
      onError: (error) => {
        close();
        showErrorToast(error);
      },
    });
  return (
    <SectionCard title={t('units.delete.title')} description={t('units.delete.description')}>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} aria-hidden="true" />}
        onClick={open}
      >
        {t('units.delete.submit')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('units.delete.confirmTitle', { name: unit.name })}
        confirmLabel={t('units.delete.submit')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('units.delete.confirmText', { count: unit.memberCount })}</Text>
      </ConfirmModal>
    </SectionCard>
  );
}
