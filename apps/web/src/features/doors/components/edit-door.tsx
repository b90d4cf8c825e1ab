import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../lib/toast';
import type { Door } from '../api/get-door';
import { useUpdateDoor } from '../api/update-door';
import {
  DoorFields,
  DoorFormFrame,
  doorBodyOf,
  doorValuesOf,
  showDoorFormError,
  useDoorForm,
} from './door-form';

/** Changes the door's name, entrance flag, driver and settings (PUT); a stored password is kept unless retyped. */
export function EditDoor({ buildingId, door }: { buildingId: string; door: Door }) {
  const { t } = useTranslation();
  const update = useUpdateDoor(buildingId, door.id);
  const form = useDoorForm('edit', door);

  const submit = form.onSubmit((values) =>
    update.mutate(doorBodyOf(values, 'edit'), {
      onSuccess: (saved) => {
        const next = doorValuesOf(saved);
        form.setValues(next);
        form.resetDirty(next);
        showSuccessToast(t('doors.saved'));
      },
      onError: (error) => showDoorFormError(form, error),
    }),
  );

  return (
    <DoorFormFrame onSubmit={submit} submitLabel={t('common.save')} pending={update.isPending}>
      <DoorFields form={form} buildingId={buildingId} hasPassword={door.hasSecrets} />
    </DoorFormFrame>
  );
}
