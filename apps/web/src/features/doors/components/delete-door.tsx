import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeleteWithConfirm } from '../../../components/delete-with-confirm';
import { useDeleteDoor } from '../api/delete-door';
import type { Door } from '../api/get-door';

/** Deletes the door after a confirmation, then goes back to the building's doors. */
export function DeleteDoor({ buildingId, door }: { buildingId: string; door: Door }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DeleteWithConfirm
      remove={useDeleteDoor(buildingId, door.id)}
      label={t('doors.delete.submit')}
      confirmTitle={t('doors.delete.confirmTitle', { name: door.name })}
      confirmText={t('doors.delete.confirmText')}
      doneMessage={t('doors.delete.done', { name: door.name })}
      onDeleted={() => void navigate({ to: '/buildings/$buildingId/doors', params: { buildingId } })}
    />
  );
}
