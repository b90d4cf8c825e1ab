import {
  type EventStreamHandlers,
  type EventStreamState,
  type EventStreamSubscriber,
  subscribeEventStream,
  useEventStream,
} from './event-stream';

export { reconnectDelays } from './event-stream';

/*
 * The live events of a building (decisions 005 and 007): `GET /buildings/{id}/events`, on the shared
 * SSE plumbing of `event-stream.ts` (one connection per building for the whole page). Only events of
 * that building reach the subscribers.
 */

export type BuildingEventsState = EventStreamState;
export type BuildingEventsHandlers = EventStreamHandlers;

/**
 * Subscribes to a building's events; the first subscriber opens the connection and the last one to
 * leave closes it. Returns the unsubscribe function.
 */
export function subscribeBuildingEvents(buildingId: string, subscriber: EventStreamSubscriber): () => void {
  return subscribeEventStream(`/buildings/${encodeURIComponent(buildingId)}/events`, subscriber, {
    accept: (event) => event.building_id === buildingId,
    label: `building ${buildingId}`,
  });
}

/**
 * The live events of a building for a component: `handlers` are called for each event (the latest
 * handlers, so they need not be stable); returns the connection state, e.g. to show a "live" marker.
 */
export function useBuildingEvents(
  buildingId: string | undefined,
  handlers: BuildingEventsHandlers,
  { enabled = true }: { enabled?: boolean } = {},
): BuildingEventsState {
  return useEventStream(
    buildingId && enabled ? buildingId : undefined,
    (subscriber) => subscribeBuildingEvents(buildingId ?? '', subscriber),
    handlers,
  );
}
