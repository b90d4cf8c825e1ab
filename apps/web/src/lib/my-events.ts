import {
  type EventStreamHandlers,
  type EventStreamState,
  type EventStreamSubscriber,
  subscribeEventStream,
  useEventStream,
} from './event-stream';

/*
 * The live events of every building the user may read (decision 007): `GET /me/events`, in the same
 * format as a building's stream and with the same filtering per building (door opens for readers of
 * the door log, calls for readers of calls). The dashboard follows all its cards on this one
 * connection instead of one per card, which would exhaust the browser's connections per origin.
 */

const MY_EVENTS_PATH = '/me/events';

/** Subscribes to the user's events; one connection is shared by every subscriber on the page. */
export function subscribeMyEvents(subscriber: EventStreamSubscriber): () => void {
  return subscribeEventStream(MY_EVENTS_PATH, subscriber, { label: 'your buildings' });
}

/**
 * The user's live events for a component (`handlers` need not be stable); returns the connection
 * state. `enabled: false` (e.g. while there are no buildings to follow) opens no connection.
 */
export function useMyEvents(
  handlers: EventStreamHandlers,
  { enabled = true }: { enabled?: boolean } = {},
): EventStreamState {
  return useEventStream(enabled ? MY_EVENTS_PATH : undefined, subscribeMyEvents, handlers);
}
