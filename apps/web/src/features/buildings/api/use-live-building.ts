import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useBuildingEvents } from '../../../lib/building-events';
import { buildingQueryKey } from '../../../lib/buildings';

/** At most one reload of the building per this many milliseconds, however many doors change. */
export const SUMMARY_RELOAD_MS = 1000;

/**
 * Keeps the building's door summary current: a door changing status (or a reconnect, after which
 * changes may have been missed) reloads the building, at most once a second.
 */
export function useLiveBuilding(buildingId: string): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const reload = () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: buildingQueryKey(buildingId) });
    }, SUMMARY_RELOAD_MS);
  };
  useBuildingEvents(buildingId, {
    onEvent: (event) => {
      if (event.type === 'door_status') reload();
    },
    onResync: reload,
  });
}
