import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DoorLog } from '../../../lib/activity';

/**
 * The elevator Gatehouse called for an entry (KONE, decision 008): called to the person's floor, or
 * failed, with KONE's reason on hover.
 */
export function ElevatorCallNote({ call }: { call: DoorLog['elevatorCall'] | undefined }) {
  const { t } = useTranslation();
  if (!call) return null;
  const called = call.result === 'called';
  const badge = (
    <Badge
      mt={4}
      size="sm"
      variant="outline"
      color={called ? 'blue' : 'red'}
      data-elevator-call={call.result}
      style={{ textTransform: 'none' }}
    >
      {called
        ? t('activity.elevator.called', { area: call.destinationArea })
        : t('activity.elevator.failed', { area: call.destinationArea })}
    </Badge>
  );
  return call.reason ? (
    <Tooltip label={call.reason} multiline maw={320}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
