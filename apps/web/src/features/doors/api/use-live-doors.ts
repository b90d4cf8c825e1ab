import type { BuildingEvent } from '@gatehouse/core';
import { useQueryClient } from '@tanstack/react-query';
import { type BuildingEventsState, useBuildingEvents } from '../../../lib/building-events';
import { buildingQueryKey, invalidateBuildingLists } from '../../../lib/buildings';
import { patchCachedDoor } from './door-cache';
import { doorQueryKey } from './get-door';

/**
 * Keeps the cached doors of a building live from its event stream (one shared connection):
 * - `door_status` sets the door's status in the door list and the door's own entry at once;
 * - `door_opened` reloads that door (if it is on screen), as an opening may change more than the
 *   status (and its status change arrives as `door_status` anyway); `call` changes no door;
 * - after a reconnect, when events may have been missed, the building's doors are reloaded.
 * The buildings' door summaries are marked stale, to be reloaded when next shown.
 * Returns the connection state, for a "live" marker.
 */
export function useLiveDoors(
  buildingId: string,
  { onEvent }: { onEvent?: (event: BuildingEvent) => void } = {},
): BuildingEventsState {
  const queryClient = useQueryClient();
  return useBuildingEvents(buildingId, {
    onEvent: (event) => {
      if (event.type === 'door_status') {
        patchCachedDoor(queryClient, buildingId, event.door_id, {
          status: event.status,
          statusChangedAt: event.changed_at,
        });
        void queryClient.invalidateQueries({ queryKey: buildingQueryKey(buildingId), refetchType: 'none' });
        void invalidateBuildingLists(queryClient, { refetchType: 'none' });
      } else if (event.type === 'door_opened') {
        void queryClient.invalidateQueries({
          queryKey: doorQueryKey(buildingId, event.door_id),
          exact: true,
        });
      }
      onEvent?.(event);
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: ['doors', buildingId] }),
  });
}
