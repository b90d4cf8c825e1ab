import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useDeleteDoor } from '../api/delete-door';
import type { Door } from '../api/get-door';

/** Deletes the door after a confirmation, then goes back to the building's doors. */
export function DeleteDoor({ buildingId, door }: { buildingId: string; door: Door }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteDoor(buildingId, door.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(t('doors.delete.done', { name: door.name }));
        void navigate({ to: '/buildings/$buildingId/doors', params: { buildingId } });
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
        {t('doors.delete.submit')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('doors.delete.confirmTitle', { name: door.name })}
        confirmLabel={t('doors.delete.submit')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('doors.delete.confirmText')}</Text>
      </ConfirmModal>
    </>
  );
}
