import type { BuildingEvent } from '@gatehouse/core';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventStreams, fail, mockApi } from '../test/fetch-mock';
import { BUILDING_ID, DOOR_ID } from '../test/fixtures';
import { signIn } from '../test/render-app';
import { subscribeBuildingEvents } from './building-events';
import type { EventStreamState } from './event-stream';
import { subscribeMyEvents } from './my-events';

const OTHER_BUILDING = '01900000-0000-7000-8000-0000000000b2';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

function subscriber() {
  const events: BuildingEvent[] = [];
  const states: EventStreamState[] = [];
  return {
    events,
    states,
    handlers: {
      onEvent: (event: BuildingEvent) => events.push(event),
      onState: (state: EventStreamState) => states.push(state),
    },
  };
}

const call = (buildingId: string) => ({
  type: 'call',
  building_id: buildingId,
  call_id: '01900000-0000-7000-8000-000000000801',
  door_id: null,
  status: 'ringing',
  started_at: '2025-03-10T10:00:00.000Z',
});
const opened = (buildingId: string) => ({
  type: 'door_opened',
  building_id: buildingId,
  door_id: DOOR_ID,
  door_log_id: '01900000-0000-7000-8000-000000000701',
  result: 'opened',
  method: 'dashboard',
  user_id: null,
  occurred_at: '2025-03-10T10:00:00.000Z',
});

describe('the user’s event stream (/me/events)', () => {
  it('is one connection for every subscriber, with the bearer token, and passes events of every building', async () => {
    const streams = eventStreams();
    const api = mockApi({ 'GET /me/events': streams.handler });
    const first = subscriber();
    const second = subscriber();
    const leaveFirst = subscribeMyEvents(first.handlers);
    const leaveSecond = subscribeMyEvents(second.handlers);
    await waitFor(() => expect(first.states.at(-1)).toBe('open'));
    expect(api.calls('GET /me/events')).toHaveLength(1);
    expect(api.calls('GET /me/events')[0]!.headers.get('authorization')).toMatch(/^Bearer /);
    streams.latest()!.send('call', call(BUILDING_ID));
    streams.latest()!.send('door_opened', opened(OTHER_BUILDING));
    await waitFor(() => expect(second.events).toHaveLength(2));
    expect(first.events.map((event) => [event.type, event.building_id])).toEqual([
      ['call', BUILDING_ID],
      ['door_opened', OTHER_BUILDING],
    ]);
    leaveFirst();
    leaveSecond();
    await waitFor(() => expect(streams.latest()!.cancelled).toBe(true));
  });

  it('shares the plumbing with the building stream, which still keeps to its own building', async () => {
    const mine = eventStreams();
    const building = eventStreams();
    mockApi({ 'GET /me/events': mine.handler, [`GET /buildings/${BUILDING_ID}/events`]: building.handler });
    const all = subscriber();
    const one = subscriber();
    const leaveAll = subscribeMyEvents(all.handlers);
    const leaveOne = subscribeBuildingEvents(BUILDING_ID, one.handlers);
    await waitFor(() => expect(one.states.at(-1)).toBe('open'));
    await waitFor(() => expect(all.states.at(-1)).toBe('open'));
    building.latest()!.send('call', call(OTHER_BUILDING));
    building.latest()!.send('call', call(BUILDING_ID));
    await waitFor(() => expect(one.events).toHaveLength(1));
    expect(one.events[0]!.building_id).toBe(BUILDING_ID);
    expect(all.events).toHaveLength(0);
    leaveAll();
    leaveOne();
  });

  it('stops for good when the server refuses it', async () => {
    const api = mockApi({ 'GET /me/events': fail(403, [{ code: 'forbidden', message: 'No' }]) });
    const listener = subscriber();
    const leave = subscribeMyEvents(listener.handlers);
    await waitFor(() => expect(listener.states.at(-1)).toBe('closed'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.calls('GET /me/events')).toHaveLength(1);
    leave();
  });
});
