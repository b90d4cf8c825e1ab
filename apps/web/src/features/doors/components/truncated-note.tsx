import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DoorList } from '../api/get-doors';

/** The door list stops at 250 doors (spec 7); says so when the building has more. */
export function TruncatedNote({ list }: { list: DoorList }) {
  const { t } = useTranslation();
  if (list.total <= list.doors.length) return null;
  return (
    <Alert color="blue" icon={<IconInfoCircle size={20} aria-hidden="true" />}>
      {t('doors.list.truncated', { shown: list.doors.length, total: list.total })}
    </Alert>
  );
}
