import type { Account, Building } from '@gatehouse/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelays } from '../../lib/building-events';
import {
  eventStreams,
  fail,
  mockApi,
  ok,
  type RecordedRequest,
  type RouteHandler,
} from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  buildingWire,
  DOOR_ID,
  doorLogWire,
  doorWire,
  OTHER_DOOR_ID,
  UNIT_ID,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';
import { dashboardLive } from './api/use-dashboard-live';

const initialRefresh = dashboardLive.refreshMs;
const initialDelay = reconnectDelays.initialMs;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

afterEach(() => {
  dashboardLive.refreshMs = initialRefresh;
  reconnectDelays.initialMs = initialDelay;
  vi.useRealTimers();
});

const SECOND_ID = '01900000-0000-7000-8000-0000000000b2';

function api(buildings: unknown[] | (() => ReturnType<typeof ok>), total?: number) {
  return mockApi({
    'GET /me/account': ok({ account: accountWire() }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /me/events': eventStreams().handler,
    'GET /buildings':
      typeof buildings === 'function'
        ? buildings
        : ok(buildings, { total: total ?? buildings.length, page: 1, page_size: 100 }),
  });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('dashboard', () => {
  it('shows each building with its doors at a glance, problems highlighted, linking to the building', async () => {
    const requests = api([
      buildingWire({
        name: 'Harbour House',
        door_summary: { total: 7, locked: 4, unlocked: 1, offline: 1, error: 1, unknown: 0 },
        activity: { door_logs: 12, intercom_calls: 3 },
      }),
      buildingWire({
        id: SECOND_ID,
        name: 'Mill Court',
        city: 'Utrecht',
        door_summary: { total: 2, locked: 2, unlocked: 0, offline: 0, error: 0, unknown: 0 },
        activity: {},
      }),
    ]);
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    expect(within(harbour).getByText('7 doors')).toBeInTheDocument();
    expect(within(harbour).getByText('4 locked')).toBeInTheDocument();
    expect(within(harbour).getByText('1 unlocked')).toBeInTheDocument();
    // Offline and failing doors are filled red badges, with a warning line and a problem badge.
    expect(within(harbour).getByText('1 offline').closest('[data-door-status]')).toHaveAttribute(
      'data-door-status',
      'offline',
    );
    expect(within(harbour).getByText('1 with errors')).toBeInTheDocument();
    expect(within(harbour).getByText('2 doors need attention')).toBeInTheDocument();
    expect(within(harbour).getByText('2 problems')).toBeInTheDocument();
    expect(within(harbour).queryByText(/unknown/)).not.toBeInTheDocument();
    // Today's activity, as present in the reply.
    expect(within(harbour).getByRole('group', { name: 'Door activity today: 12' })).toBeInTheDocument();
    expect(within(harbour).getByRole('group', { name: 'Intercom calls today: 3' })).toBeInTheDocument();
    expect(within(harbour).getByRole('link', { name: 'Harbour House' })).toHaveAttribute(
      'href',
      '/buildings/01900000-0000-7000-8000-0000000000b1',
    );

    const mill = card('Mill Court');
    expect(within(mill).getByText('2 doors')).toBeInTheDocument();
    expect(within(mill).queryByText(/need attention/)).not.toBeInTheDocument();
    expect(within(mill).queryByText(/problem/)).not.toBeInTheDocument();
    // A user who may not read the activity gets no counts, and no empty ones either.
    expect(within(mill).queryByRole('group', { name: /today/ })).not.toBeInTheDocument();

    const query = requests.calls('GET /buildings')[0]?.query;
    expect(query?.get('page_size')).toBe('100');
    expect(query?.get('sort')).toBe('name');
  });

  it('shows only the activity count the user may read', async () => {
    api([buildingWire({ activity: { door_logs: 5 } })]);
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    expect(within(harbour).getByRole('group', { name: 'Door activity today: 5' })).toBeInTheDocument();
    expect(within(harbour).queryByRole('group', { name: /Intercom calls/ })).not.toBeInTheDocument();
  });

  it('says so when there are more buildings than the dashboard shows', async () => {
    api([buildingWire()], 140);
    await renderApp('/');
    expect(await screen.findByText(/Showing 1 of 140 buildings\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all buildings' })).toHaveAttribute('href', '/buildings');
  });

  it('shows the empty state when the user has no buildings', async () => {
    api([]);
    await renderApp('/');
    expect(await screen.findByText('No buildings to show yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads again', async () => {
    let attempts = 0;
    api(() => {
      attempts += 1;
      return attempts === 1
        ? fail(503, [{ code: 'unavailable', message: 'Down' }])
        : ok([buildingWire()], { total: 1, page: 1, page_size: 100 });
    });
    const { user } = await renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your buildings could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Harbour House' })).toBeInTheDocument();
    await waitFor(() => expect(attempts).toBe(2));
  });
});

/** A manager of both buildings (door logs and calls of both). */
function managerOfBoth(): Account {
  const account = accountWire();
  return {
    ...account,
    permission_props: {
      ...account.permission_props,
      b_manager_of_building: [BUILDING_ID, SECOND_ID],
      u_member_of_building: [],
      u_member_of_unit: [UNIT_ID],
    },
  };
}

const STATISTICS = (id: string, kind: string) => `GET /buildings/${id}/statistics/${kind}`;

/** Statistics as the server sends them: every day of the range, `count(date)` each. */
function statistics(count: (date: string) => number): RouteHandler {
  return (request: RecordedRequest) => {
    const from = request.query.get('from')!;
    const to = request.query.get('to')!;
    const perDay: { date: string; count: number }[] = [];
    for (
      let day = new Date(`${from}T00:00:00Z`);
      day.toISOString().slice(0, 10) <= to;
      day.setUTCDate(day.getUTCDate() + 1)
    ) {
      const date = day.toISOString().slice(0, 10);
      perDay.push({ date, count: count(date) });
    }
    return ok({ count: perDay.reduce((sum, day) => sum + day.count, 0), from, to, per_day: perDay });
  };
}

interface Scenario {
  account?: Account;
  buildings: Building[];
  routes?: Record<string, RouteHandler | ReturnType<typeof ok>>;
}

/** The dashboard's fake server: buildings (each also on its own), statistics, door logs and doors. */
function dashboardApi({ account = managerOfBoth(), buildings, routes = {} }: Scenario) {
  const events = eventStreams();
  const current = new Map(buildings.map((building) => [building.id, building]));
  const perBuilding: Record<string, RouteHandler | ReturnType<typeof ok>> = {};
  for (const building of buildings) {
    perBuilding[`GET /buildings/${building.id}`] = () => ok(current.get(building.id));
    perBuilding[STATISTICS(building.id, 'door_logs')] = statistics(() => 0);
    perBuilding[STATISTICS(building.id, 'calls')] = statistics(() => 0);
    perBuilding[`GET /buildings/${building.id}/door_logs`] = ok([], { next_cursor: null });
    perBuilding[`GET /buildings/${building.id}/doors`] = ok([], { total: 0 });
  }
  const requests = mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /me/events': events.handler,
    'GET /buildings': () => ok([...current.values()], { total: current.size, page: 1, page_size: 100 }),
    ...perBuilding,
    ...routes,
  });
  return { requests, events, current };
}

const statisticsTable = (article: HTMLElement) =>
  within(article).getByRole('table', { name: 'Last 14 days' });

describe('dashboard activity', () => {
  it('draws the last 14 days up to today in the building’s time zone: door activity and calls', async () => {
    // 23:30 UTC on the 12th is already the 13th in Amsterdam.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-12T23:30:00Z'));
    signIn();
    const { requests } = dashboardApi({
      buildings: [buildingWire({ activity: { door_logs: 13, intercom_calls: 2 } })],
      routes: {
        [STATISTICS(BUILDING_ID, 'door_logs')]: statistics((date) => Number(date.slice(8))),
        [STATISTICS(BUILDING_ID, 'calls')]: statistics((date) => (date === '2025-03-13' ? 2 : 0)),
      },
    });
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    const table = await waitFor(() => statisticsTable(harbour));
    for (const kind of ['door_logs', 'calls']) {
      expect(Object.fromEntries(requests.calls(STATISTICS(BUILDING_ID, kind))[0]!.query)).toEqual({
        from: '2025-02-28',
        to: '2025-03-13',
      });
    }
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells[0]).toEqual(['Feb 28, 2025', '28', '0']);
    expect(cells[1]).toEqual(['Mar 1, 2025', '1', '0']);
    expect(cells[13]).toEqual(['Mar 13, 2025', '13', '2']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Door activity', 'Calls']);
    expect(harbour.querySelector('[data-activity-chart]')).not.toBeNull();
  });

  it('shows a member neither chart nor door events, and asks for none', async () => {
    const { requests } = dashboardApi({ account: accountWire(), buildings: [buildingWire()] });
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    expect(within(harbour).queryByRole('table')).not.toBeInTheDocument();
    expect(within(harbour).queryByText('Latest door events')).not.toBeInTheDocument();
    expect(requests.requests.filter((request) => /statistics|door_logs/.test(request.path))).toEqual([]);
  });

  it('lists the doors with problems by name, linking to them, and reads no doors of healthy buildings', async () => {
    const garage = doorWire({ id: '01900000-0000-7000-8000-0000000000d3', name: 'Garage', status: 'error' });
    const { requests } = dashboardApi({
      buildings: [
        buildingWire({
          door_summary: { total: 3, locked: 1, unlocked: 0, offline: 1, error: 1, unknown: 0 },
        }),
        buildingWire({ id: SECOND_ID, name: 'Mill Court' }),
      ],
      routes: {
        [`GET /buildings/${BUILDING_ID}/doors`]: ok(
          [doorWire({ id: OTHER_DOOR_ID, name: 'Back door', status: 'offline' }), doorWire(), garage],
          { total: 3 },
        ),
      },
    });
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    const list = await within(harbour).findByRole('list', { name: 'Doors with problems' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Back doorOffline', 'GarageError']);
    expect(within(list).getByRole('link', { name: 'Back door' })).toHaveAttribute(
      'href',
      `/buildings/${BUILDING_ID}/doors/${OTHER_DOOR_ID}`,
    );
    expect(within(list).queryByText('Front door')).not.toBeInTheDocument();
    expect(requests.calls(`GET /buildings/${SECOND_ID}/doors`)).toHaveLength(0);
    expect(
      within(screen.getByRole('article', { name: 'Mill Court' })).queryByText('Doors with problems'),
    ).toBeNull();
  });

  it('shows the latest five door events with a link to all of them', async () => {
    const logs = [
      doorLogWire({ id: '01900000-0000-7000-8000-000000000705' }),
      doorLogWire({
        id: '01900000-0000-7000-8000-000000000704',
        door: { id: OTHER_DOOR_ID, name: 'Back door' },
        actor_type: 'device',
        user: null,
        intercom: { id: '01900000-0000-7000-8000-0000000000f1', name: 'Lobby panel' },
        method: 'pincode',
        result: 'refused',
        reason: 'wrong_pincode: 0000',
      }),
    ];
    const { requests } = dashboardApi({
      buildings: [buildingWire()],
      routes: { [`GET /buildings/${BUILDING_ID}/door_logs`]: ok(logs, { next_cursor: 'more' }) },
    });
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    const list = await within(harbour).findByRole('list', { name: 'Latest door events' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Front door · Piet Jansen');
    expect(items[0]).toHaveTextContent('Opened');
    expect(items[1]).toHaveTextContent('Back door · Lobby panel');
    expect(items[1]).toHaveTextContent('Wrong PIN code');
    expect(items[1]).toHaveTextContent('Refused');
    expect(requests.calls(`GET /buildings/${BUILDING_ID}/door_logs`)[0]!.query.get('limit')).toBe('5');
    expect(within(harbour).getByRole('link', { name: 'All door activity' })).toHaveAttribute(
      'href',
      `/buildings/${BUILDING_ID}/door_entries`,
    );
  });

  it('follows every card on one /me/events stream and refreshes only the card an event is about', async () => {
    dashboardLive.refreshMs = 20;
    const doorsOfMill = `GET /buildings/${SECOND_ID}/doors`;
    const millDoors = [
      doorWire({ id: OTHER_DOOR_ID, building_id: SECOND_ID, name: 'Side gate', status: 'offline' }),
    ];
    const { requests, events, current } = dashboardApi({
      buildings: [
        buildingWire({ activity: { door_logs: 3, intercom_calls: 0 } }),
        buildingWire({ id: SECOND_ID, name: 'Mill Court', activity: { door_logs: 0, intercom_calls: 0 } }),
      ],
      routes: { [doorsOfMill]: ok(millDoors, { total: 1 }) },
    });
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    await waitFor(() => expect(events.latest()).toBeDefined());
    await waitFor(() =>
      expect(within(harbour).getByRole('table', { name: 'Last 14 days' })).toBeInTheDocument(),
    );
    expect(requests.calls('GET /me/events')).toHaveLength(1);
    expect(requests.calls(`GET /buildings/${BUILDING_ID}/events`)).toHaveLength(0);
    expect(requests.calls(`GET /buildings/${SECOND_ID}/events`)).toHaveLength(0);
    const countOf = (key: string) => requests.calls(key).length;
    const before = {
      harbour: countOf(`GET /buildings/${BUILDING_ID}`),
      mill: countOf(`GET /buildings/${SECOND_ID}`),
      harbourLogs: countOf(`GET /buildings/${BUILDING_ID}/door_logs`),
      millLogs: countOf(`GET /buildings/${SECOND_ID}/door_logs`),
      harbourDoorStats: countOf(STATISTICS(BUILDING_ID, 'door_logs')),
      harbourCallStats: countOf(STATISTICS(BUILDING_ID, 'calls')),
    };

    // A door of Mill Court goes offline: its card shows the problem door; Harbour House is left alone.
    current.set(
      SECOND_ID,
      buildingWire({
        id: SECOND_ID,
        name: 'Mill Court',
        door_summary: { total: 1, locked: 0, unlocked: 0, offline: 1, error: 0, unknown: 0 },
        activity: { door_logs: 0, intercom_calls: 0 },
      }),
    );
    expect(countOf(doorsOfMill)).toBe(0);
    events.latest()!.send('door_status', {
      type: 'door_status',
      building_id: SECOND_ID,
      door_id: OTHER_DOOR_ID,
      status: 'offline',
      changed_at: '2025-03-10T10:00:00.000Z',
    });
    const mill = screen.getByRole('article', { name: 'Mill Court' });
    expect(await within(mill).findByRole('link', { name: 'Side gate' })).toBeInTheDocument();
    expect(countOf(doorsOfMill)).toBe(1);
    expect(countOf(`GET /buildings/${SECOND_ID}`)).toBe(before.mill + 1);
    expect(countOf(`GET /buildings/${BUILDING_ID}`)).toBe(before.harbour);

    // Someone opens a door of Harbour House: today's count, the chart and the latest events follow.
    current.set(BUILDING_ID, buildingWire({ activity: { door_logs: 4, intercom_calls: 0 } }));
    events.latest()!.send('door_opened', {
      type: 'door_opened',
      building_id: BUILDING_ID,
      door_id: DOOR_ID,
      door_log_id: '01900000-0000-7000-8000-000000000799',
      result: 'opened',
      method: 'webapp',
      user_id: null,
      occurred_at: '2025-03-10T10:00:00.000Z',
    });
    expect(await within(harbour).findByRole('group', { name: 'Door activity today: 4' })).toBeInTheDocument();
    await waitFor(() =>
      expect(countOf(`GET /buildings/${BUILDING_ID}/door_logs`)).toBe(before.harbourLogs + 1),
    );
    await waitFor(() =>
      expect(countOf(STATISTICS(BUILDING_ID, 'door_logs'))).toBe(before.harbourDoorStats + 1),
    );
    expect(countOf(STATISTICS(BUILDING_ID, 'calls'))).toBe(before.harbourCallStats);
    expect(countOf(`GET /buildings/${SECOND_ID}/door_logs`)).toBe(before.millLogs);

    // A call refreshes the calls of the chart; an event of a building not shown changes nothing.
    events.latest()!.send('call', {
      type: 'call',
      building_id: BUILDING_ID,
      call_id: '01900000-0000-7000-8000-000000000899',
      door_id: DOOR_ID,
      status: 'ringing',
      started_at: '2025-03-10T10:01:00.000Z',
    });
    await waitFor(() => expect(countOf(STATISTICS(BUILDING_ID, 'calls'))).toBe(before.harbourCallStats + 1));
    const total = requests.requests.length;
    events.latest()!.send('door_status', {
      type: 'door_status',
      building_id: '01900000-0000-7000-8000-0000000000b9',
      door_id: DOOR_ID,
      status: 'offline',
      changed_at: '2025-03-10T10:00:00.000Z',
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(requests.requests.length).toBe(total);
    expect(requests.calls('GET /me/events')).toHaveLength(1);
  });

  it('refreshes a card at most once per interval however many events arrive', async () => {
    dashboardLive.refreshMs = 300;
    const { requests, events } = dashboardApi({ buildings: [buildingWire()] });
    await renderApp('/');
    await screen.findByRole('article', { name: 'Harbour House' });
    await waitFor(() => expect(events.latest()).toBeDefined());
    const building = `GET /buildings/${BUILDING_ID}`;
    const before = requests.calls(building).length;
    for (const status of ['unlocked', 'locked', 'unlocked', 'locked']) {
      events.latest()!.send('door_status', {
        type: 'door_status',
        building_id: BUILDING_ID,
        door_id: DOOR_ID,
        status,
        changed_at: '2025-03-10T10:00:00.000Z',
      });
    }
    // At once for the first event, then once more for the rest.
    await waitFor(() => expect(requests.calls(building)).toHaveLength(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.calls(building)).toHaveLength(before + 1);
    await waitFor(() => expect(requests.calls(building)).toHaveLength(before + 2), { timeout: 1000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests.calls(building)).toHaveLength(before + 2);
  });

  it('reconnects the one stream after a break and refreshes every card', async () => {
    reconnectDelays.initialMs = 5;
    dashboardLive.refreshMs = 20;
    const { requests, events } = dashboardApi({
      buildings: [buildingWire(), buildingWire({ id: SECOND_ID, name: 'Mill Court' })],
    });
    await renderApp('/');
    await screen.findByRole('article', { name: 'Mill Court' });
    await waitFor(() => expect(events.latest()).toBeDefined());
    const before = requests.calls(`GET /buildings/${SECOND_ID}`).length;
    events.latest()!.close();
    await waitFor(() => expect(requests.calls('GET /me/events')).toHaveLength(2));
    await waitFor(() => expect(requests.calls(`GET /buildings/${SECOND_ID}`)).toHaveLength(before + 1));
    expect(events.streams[0]!.cancelled).toBe(false);
  });

  it('opens no stream without buildings, and closes it when the dashboard is left', async () => {
    const empty = dashboardApi({ buildings: [] });
    const first = await renderApp('/');
    await screen.findByText('No buildings to show yet');
    expect(empty.requests.calls('GET /me/events')).toHaveLength(0);
    first.unmount();

    const { events } = dashboardApi({ buildings: [buildingWire()] });
    const { router } = await renderApp('/');
    await screen.findByRole('article', { name: 'Harbour House' });
    await waitFor(() => expect(events.latest()).toBeDefined());
    await router.navigate({ to: '/profile' });
    await waitFor(() => expect(events.latest()!.cancelled).toBe(true));
  });

  it('works at 800 px', async () => {
    dashboardApi({ buildings: [buildingWire(), buildingWire({ id: SECOND_ID, name: 'Mill Court' })] });
    await renderApp('/', { width: 800 });
    expect(await screen.findByRole('article', { name: 'Mill Court' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('article', { name: 'Harbour House' })).findByText('Latest door events'),
    ).toBeInTheDocument();
  });
});
