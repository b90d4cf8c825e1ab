import type { QueryClient } from '@tanstack/react-query';
import type { Door } from './get-door';
import { doorQueryKey } from './get-door';
import { type DoorList, doorsQueryKey } from './get-doors';

type DoorPatch = Partial<Pick<Door, 'status' | 'statusChangedAt' | 'name' | 'isEntrance' | 'hasPincode'>>;

/** A status dated before the one already shown is stale (an event and a reload crossed). */
function isOlder(patch: DoorPatch, door: Door): boolean {
  if (!patch.statusChangedAt || !door.statusChangedAt) return false;
  return Date.parse(patch.statusChangedAt) < Date.parse(door.statusChangedAt);
}

function apply(door: Door, patch: DoorPatch): Door {
  return isOlder(patch, door) ? door : { ...door, ...patch };
}

/** Updates one door in the cached door list and in its own cached entry, without a reload. */
export function patchCachedDoor(
  queryClient: QueryClient,
  buildingId: string,
  doorId: string,
  patch: DoorPatch,
): void {
  queryClient.setQueryData<DoorList>(doorsQueryKey(buildingId), (list) =>
    list
      ? { ...list, doors: list.doors.map((door) => (door.id === doorId ? apply(door, patch) : door)) }
      : list,
  );
  queryClient.setQueryData<Door>(doorQueryKey(buildingId, doorId), (door) =>
    door ? apply(door, patch) : door,
  );
}
