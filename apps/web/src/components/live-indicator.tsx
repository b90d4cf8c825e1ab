import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventStreamState } from '../lib/event-stream';

/** Whether what is on screen follows its event stream right now (a building's, or the dashboard's). */
export function LiveIndicator({ state }: { state: EventStreamState }) {
  const { t } = useTranslation();
  const color = state === 'open' ? 'teal' : state === 'connecting' ? 'yellow' : 'gray';
  return (
    <Badge variant="dot" color={color} data-live={state}>
      {t(`doors.live.${state}`)}
    </Badge>
  );
}
