import { APP_VERSION, type BuildingEvent, buildingEventSchema } from '@gatehouse/core';
import { createParser } from 'eventsource-parser';
import { useEffect, useRef, useState } from 'react';
import { accessToken, endSessionIfGone } from './api-client';
import { apiErrorOf, buildUrl } from './http';

/*
 * The live events of a building (decision 005): `GET /buildings/{id}/events`, a `text/event-stream`
 * read with `fetch` so the access token travels in the Authorization header like on every other call.
 * One connection per building is shared by every subscriber on the page; it reconnects with a growing
 * delay after a failure, and stops for good when the server answers that the stream is not for this
 * user (401 with the session gone, 403, 404) or the session has ended.
 */

export type BuildingEventsState = 'connecting' | 'open' | 'closed';

export interface BuildingEventsHandlers {
  onEvent: (event: BuildingEvent) => void;
  /** Called when the stream opens again after a break, in which events may have been missed. */
  onResync?: () => void;
}

interface Subscriber extends BuildingEventsHandlers {
  onState: (state: BuildingEventsState) => void;
}

/** Reconnection delays: the first (or the server's `retry:`), doubled per failure up to the maximum. */
export const reconnectDelays = { initialMs: 1000, maxMs: 30_000 };

const EVENT_TYPES: ReadonlySet<string> = new Set(['door_status', 'door_opened']);
/** Answers that will not change by trying again. */
const PERMANENT_STATUSES: ReadonlySet<number> = new Set([400, 403, 404]);

interface Connection {
  subscribers: Set<Subscriber>;
  state: BuildingEventsState;
  controller: AbortController;
}

const connections = new Map<string, Connection>();

function setState(connection: Connection, state: BuildingEventsState): void {
  if (connection.state === state) return;
  connection.state = state;
  for (const subscriber of [...connection.subscribers]) subscriber.onState(state);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** Delay before reconnection attempt `attempt` (0-based), with jitter so many tabs do not return at once. */
function delayFor(attempt: number, baseMs: number): number {
  const delay = Math.min(reconnectDelays.maxMs, baseMs * 2 ** attempt);
  return delay * (0.75 + Math.random() * 0.25);
}

async function readBody(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  feed: (text: string) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

async function run(buildingId: string, connection: Connection): Promise<void> {
  const { signal } = connection.controller;
  let baseMs = reconnectDelays.initialMs;
  let attempt = 0;
  let opened = false;
  const dispatch = (event: BuildingEvent) => {
    for (const subscriber of [...connection.subscribers]) subscriber.onEvent(event);
  };
  const parser = createParser({
    onEvent: (message) => {
      if (!message.event || !EVENT_TYPES.has(message.event)) return;
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = buildingEventSchema.safeParse(json);
      if (parsed.success && parsed.data.building_id === buildingId) dispatch(parsed.data);
    },
    onRetry: (ms) => {
      baseMs = Math.max(ms, 100);
    },
  });

  while (!signal.aborted) {
    setState(connection, 'connecting');
    try {
      const token = await accessToken();
      const response = await fetch(buildUrl(`/buildings/${encodeURIComponent(buildingId)}/events`), {
        headers: {
          accept: 'text/event-stream',
          'x-app-version': APP_VERSION,
          authorization: `Bearer ${token}`,
        },
        credentials: 'same-origin',
        cache: 'no-store',
        signal,
      });
      if (!response.ok || !response.body) {
        const error = await apiErrorOf(response);
        endSessionIfGone(error);
        if (PERMANENT_STATUSES.has(response.status) || response.status === 401) {
          console.error(`The events of building ${buildingId} are not available (${response.status})`);
          break;
        }
        throw error;
      }
      if (opened) for (const subscriber of [...connection.subscribers]) subscriber.onResync?.();
      opened = true;
      attempt = 0;
      parser.reset();
      setState(connection, 'open');
      await readBody(response.body, signal, (text) => parser.feed(text));
    } catch (error) {
      if (signal.aborted) break;
      // The token service raises "Logged out" when no session is left: nothing to reconnect with.
      if (error instanceof Error && error.message === 'Logged out') break;
      console.error(`The events of building ${buildingId} stopped; reconnecting`, error);
    }
    if (signal.aborted) break;
    setState(connection, 'connecting');
    await sleep(delayFor(attempt, baseMs), signal);
    attempt += 1;
  }
  setState(connection, 'closed');
  // A later subscriber starts afresh (e.g. after signing in again) instead of joining a dead stream.
  if (connections.get(buildingId) === connection) connections.delete(buildingId);
}

/**
 * Subscribes to a building's events; the first subscriber opens the connection and the last one to
 * leave closes it. Returns the unsubscribe function.
 */
export function subscribeBuildingEvents(buildingId: string, subscriber: Subscriber): () => void {
  let connection = connections.get(buildingId);
  if (!connection) {
    connection = { subscribers: new Set(), state: 'connecting', controller: new AbortController() };
    connections.set(buildingId, connection);
    connection.subscribers.add(subscriber);
    void run(buildingId, connection);
  } else {
    connection.subscribers.add(subscriber);
  }
  subscriber.onState(connection.state);
  const current = connection;
  return () => {
    current.subscribers.delete(subscriber);
    if (current.subscribers.size === 0) {
      current.controller.abort();
      if (connections.get(buildingId) === current) connections.delete(buildingId);
    }
  };
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
  const [state, setStateValue] = useState<BuildingEventsState>('connecting');
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  useEffect(() => {
    if (!buildingId || !enabled) {
      setStateValue('closed');
      return;
    }
    return subscribeBuildingEvents(buildingId, {
      onEvent: (event) => handlersRef.current.onEvent(event),
      onResync: () => handlersRef.current.onResync?.(),
      onState: setStateValue,
    });
  }, [buildingId, enabled]);
  return state;
}
