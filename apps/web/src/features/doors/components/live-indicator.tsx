import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BuildingEventsState } from '../../../lib/building-events';

/** Whether the statuses on screen follow the building's event stream right now. */
export function LiveIndicator({ state }: { state: BuildingEventsState }) {
  const { t } = useTranslation();
  const color = state === 'open' ? 'teal' : state === 'connecting' ? 'yellow' : 'gray';
  return (
    <Badge variant="dot" color={color} data-live={state}>
      {t(`doors.live.${state}`)}
    </Badge>
  );
}
