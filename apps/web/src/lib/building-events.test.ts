import type { BuildingEvent } from '@gatehouse/core';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventStreams, fail, mockApi } from '../test/fetch-mock';
import { BUILDING_ID, DOOR_ID } from '../test/fixtures';
import { signIn } from '../test/render-app';
import { type BuildingEventsState, reconnectDelays, subscribeBuildingEvents } from './building-events';

const initialDelay = reconnectDelays.initialMs;
const EVENTS = `GET /buildings/${BUILDING_ID}/events`;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
  reconnectDelays.initialMs = 5;
});

afterEach(() => {
  reconnectDelays.initialMs = initialDelay;
});

const status = {
  type: 'door_status',
  building_id: BUILDING_ID,
  door_id: DOOR_ID,
  status: 'unlocked',
  changed_at: '2025-01-01T10:05:00.000Z',
};

function subscriber() {
  const events: BuildingEvent[] = [];
  const states: BuildingEventsState[] = [];
  return {
    events,
    states,
    handlers: {
      onEvent: (event: BuildingEvent) => events.push(event),
      onState: (s: BuildingEventsState) => states.push(s),
    },
  };
}

describe('building event stream', () => {
  it('shares one connection between subscribers, sends the bearer token and closes with the last one', async () => {
    const streams = eventStreams();
    const api = mockApi({ [EVENTS]: streams.handler });
    const first = subscriber();
    const second = subscriber();
    const leaveFirst = subscribeBuildingEvents(BUILDING_ID, first.handlers);
    const leaveSecond = subscribeBuildingEvents(BUILDING_ID, second.handlers);
    await waitFor(() => expect(first.states.at(-1)).toBe('open'));
    expect(second.states.at(-1)).toBe('open');
    expect(api.calls(EVENTS)).toHaveLength(1);
    const headers = api.calls(EVENTS)[0]!.headers;
    expect(headers.get('authorization')).toMatch(/^Bearer /);
    expect(headers.get('accept')).toBe('text/event-stream');
    expect(headers.get('x-app-version')).toBe('1.21.1');

    streams.latest()!.send('door_status', status);
    await waitFor(() => expect(second.events).toHaveLength(1));
    expect(first.events).toEqual([status]);

    leaveFirst();
    expect(streams.latest()!.cancelled).toBe(false);
    leaveSecond();
    await waitFor(() => expect(streams.latest()!.cancelled).toBe(true));
  });

  it('ignores unknown events, bad JSON and data that does not fit the schema', async () => {
    const streams = eventStreams();
    mockApi({ [EVENTS]: streams.handler });
    const listener = subscriber();
    const leave = subscribeBuildingEvents(BUILDING_ID, listener.handlers);
    await waitFor(() => expect(listener.states.at(-1)).toBe('open'));
    const stream = streams.latest()!;
    stream.send('something_else', status);
    stream.write('event: door_status\ndata: {not json\n\n');
    stream.send('door_status', { ...status, status: 'ajar' });
    stream.write('data: no event name\n\n');
    stream.send('door_status', status);
    await waitFor(() => expect(listener.events).toHaveLength(1));
    leave();
  });

  it('reconnects with a delay after a failure, and stops for good on 403', async () => {
    const streams = eventStreams();
    let attempts = 0;
    const api = mockApi({
      [EVENTS]: (request) => {
        attempts += 1;
        if (attempts === 1) return fail(503, [{ code: 'unavailable', message: 'Down' }]);
        if (attempts === 2) return streams.handler(request);
        return fail(403, [{ code: 'forbidden', message: 'No' }]);
      },
    });
    const listener = subscriber();
    const leave = subscribeBuildingEvents(BUILDING_ID, listener.handlers);
    await waitFor(() => expect(listener.states.at(-1)).toBe('open'));
    streams.latest()!.close();
    await waitFor(() => expect(listener.states.at(-1)).toBe('closed'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls(EVENTS)).toHaveLength(3);
    leave();
  });
});
