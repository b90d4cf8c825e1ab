import { Button, type ButtonProps } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import type { Door } from '../api/get-door';
import { type DoorOpenResult, useOpenDoor } from '../api/open-door';

/** The toast after an open attempt: "Door opened", or why it was not. */
function useReportOpen() {
  const { t } = useTranslation();
  return (door: Door, result: DoorOpenResult) => {
    if (result.result === 'opened') {
      showSuccessToast(t('doors.open.done', { name: door.name }));
      return;
    }
    const message = result.result === 'refused' ? t('doors.open.refused') : t('doors.open.failed');
    showErrorToast(result.reason ? [message, result.reason] : message);
  };
}

/** Opens a door; the button spins while the lock answers, and a toast tells how it went. */
export function OpenDoorButton({
  buildingId,
  door,
  size = 'sm',
  fullWidth = false,
}: {
  buildingId: string;
  door: Door;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const open = useOpenDoor(buildingId);
  const report = useReportOpen();
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      leftSection={<IconLockOpen size={size === 'xl' ? 24 : 18} aria-hidden="true" />}
      loading={open.isPending}
      aria-label={t('doors.open.named', { name: door.name })}
      onClick={() =>
        open.mutate(door.id, {
          onSuccess: (result) => report(door, result),
          onError: showErrorToast,
        })
      }
    >
      {t('doors.open.submit')}
    </Button>
  );
}
