import { APP_VERSION, type BuildingEvent, buildingEventSchema } from '@gatehouse/core';
import { createParser } from 'eventsource-parser';
import { useEffect, useRef, useState } from 'react';
import { accessToken, endSessionIfGone } from './api-client';
import { apiErrorOf, buildUrl } from './http';

/*
 * The SSE plumbing shared by every live stream of the API (decisions 005 and 007): a
 * `text/event-stream` read with `fetch`, so the access token travels in the Authorization header like
 * on every other call. One connection per path is shared by every subscriber on the page and closed
 * when the last one leaves; it reconnects with a growing delay after a failure, and stops for good
 * when the server answers that the stream is not for this user (401 with the session gone, 403, 404)
 * or the session has ended. `building-events.ts` (one building) and `my-events.ts` (every building
 * the user may read, for the dashboard) are the two streams built on it.
 */

export type EventStreamState = 'connecting' | 'open' | 'closed';

export interface EventStreamHandlers {
  onEvent: (event: BuildingEvent) => void;
  /** Called when the stream opens again after a break, in which events may have been missed. */
  onResync?: () => void;
}

export interface EventStreamSubscriber extends EventStreamHandlers {
  onState: (state: EventStreamState) => void;
}

export interface EventStreamOptions {
  /** Events of this stream that reach the subscribers (e.g. only those of its own building). */
  accept?: (event: BuildingEvent) => boolean;
  /** Names the stream in console messages, e.g. "building 0190…". */
  label: string;
}

/** Reconnection delays: the first (or the server's `retry:`), doubled per failure up to the maximum. */
export const reconnectDelays = { initialMs: 1000, maxMs: 30_000 };

const EVENT_TYPES: ReadonlySet<string> = new Set(['door_status', 'door_opened', 'call']);
/** Answers that will not change by trying again. */
const PERMANENT_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404]);

interface Connection {
  subscribers: Set<EventStreamSubscriber>;
  state: EventStreamState;
  controller: AbortController;
}

/** Open connections by API path. */
const connections = new Map<string, Connection>();

function setState(connection: Connection, state: EventStreamState): void {
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

async function run(path: string, connection: Connection, options: EventStreamOptions): Promise<void> {
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
      if (parsed.success && (options.accept?.(parsed.data) ?? true)) dispatch(parsed.data);
    },
    onRetry: (ms) => {
      baseMs = Math.max(ms, 100);
    },
  });

  while (!signal.aborted) {
    setState(connection, 'connecting');
    try {
      const token = await accessToken();
      const response = await fetch(buildUrl(path), {
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
        if (PERMANENT_STATUSES.has(response.status)) {
          console.error(`The events of ${options.label} are not available (${response.status})`);
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
      console.error(`The events of ${options.label} stopped; reconnecting`, error);
    }
    if (signal.aborted) break;
    setState(connection, 'connecting');
    await sleep(delayFor(attempt, baseMs), signal);
    attempt += 1;
  }
  setState(connection, 'closed');
  // A later subscriber starts afresh (e.g. after signing in again) instead of joining a dead stream.
  if (connections.get(path) === connection) connections.delete(path);
}

/**
 * Subscribes to the event stream at `path` (an API path such as `/me/events`); the first subscriber
 * opens the connection and the last one to leave closes it. Returns the unsubscribe function.
 */
export function subscribeEventStream(
  path: string,
  subscriber: EventStreamSubscriber,
  options: EventStreamOptions,
): () => void {
  let connection = connections.get(path);
  if (!connection) {
    connection = { subscribers: new Set(), state: 'connecting', controller: new AbortController() };
    connections.set(path, connection);
    connection.subscribers.add(subscriber);
    void run(path, connection, options);
  } else {
    connection.subscribers.add(subscriber);
  }
  subscriber.onState(connection.state);
  const current = connection;
  return () => {
    current.subscribers.delete(subscriber);
    if (current.subscribers.size === 0) {
      current.controller.abort();
      if (connections.get(path) === current) connections.delete(path);
    }
  };
}

/**
 * A component's subscription to a stream: `subscribe` is one of the `subscribe…Events` functions
 * bound to its stream (`undefined` while there is nothing to follow); `handlers` are called for each
 * event (the latest handlers, so they need not be stable). Returns the connection state, e.g. to show
 * a "live" marker.
 */
export function useEventStream(
  key: string | undefined,
  subscribe: (subscriber: EventStreamSubscriber) => () => void,
  handlers: EventStreamHandlers,
): EventStreamState {
  const [state, setStateValue] = useState<EventStreamState>('connecting');
  const handlersRef = useRef(handlers);
  const subscribeRef = useRef(subscribe);
  useEffect(() => {
    handlersRef.current = handlers;
    subscribeRef.current = subscribe;
  });
  useEffect(() => {
    if (key === undefined) {
      setStateValue('closed');
      return;
    }
    return subscribeRef.current({
      onEvent: (event) => handlersRef.current.onEvent(event),
      onResync: () => handlersRef.current.onResync?.(),
      onState: setStateValue,
    });
  }, [key]);
  return state;
}
