import type { DoorStatusValue } from '@gatehouse/core';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const DOOR_STATUS_COLORS: Record<DoorStatusValue, string> = {
  locked: 'teal',
  unlocked: 'yellow',
  offline: 'red',
  error: 'red',
  unknown: 'gray',
};

/** Offline and failing doors are the ones somebody has to look at. */
export function isProblemStatus(status: DoorStatusValue): boolean {
  return status === 'offline' || status === 'error';
}

/** A door's status as a coloured badge; problems are filled, the rest light. */
export function DoorStatusBadge({
  status,
  size = 'md',
}: {
  status: DoorStatusValue;
  size?: BadgeProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Badge
      color={DOOR_STATUS_COLORS[status]}
      variant={isProblemStatus(status) ? 'filled' : 'light'}
      size={size}
      data-door-status={status}
    >
      {t(`doorStatus.${status}`)}
    </Badge>
  );
}
