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
  CALL_ID,
  callWire,
  DOOR_ID,
  DOOR_LOG_ID,
  doorLogWire,
  doorWire,
  managerAccountWire,
  OTHER_DOOR_ID,
  VISITOR_ID,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';
import { liveActivity } from './api/live-activity';

const BASE = `/buildings/${BUILDING_ID}`;
const DOOR_LOGS = `GET ${BASE}/door_logs`;
const CALLS = `GET ${BASE}/calls`;
const initialReload = liveActivity.reloadMs;
const initialDelay = reconnectDelays.initialMs;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
  liveActivity.reloadMs = 20;
});

afterEach(() => {
  liveActivity.reloadMs = initialReload;
  reconnectDelays.initialMs = initialDelay;
  vi.useRealTimers();
});

const front = doorWire();
const back = doorWire({ id: OTHER_DOOR_ID, name: 'Back door', is_entrance: false });

const logId = (n: number) => `01900000-0000-7000-8000-${String(0x700 + n).padStart(12, '0')}`;
const callId = (n: number) => `01900000-0000-7000-8000-${String(0x800 + n).padStart(12, '0')}`;

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

function api(routes: Routes = {}, account = managerAccountWire()) {
  const events = eventStreams();
  const requests = mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET ${BASE}`]: ok(buildingWire()),
    [`GET ${BASE}/doors`]: ok([back, front], { total: 2 }),
    [`GET ${BASE}/events`]: events.handler,
    ...routes,
  });
  return { requests, events };
}

/** A fake keyset list: `rows` newest first, pages of `size` after the cursor (the id of the last row). */
function pagedRows<Row extends { id: string }>(rows: () => Row[], size = 2): RouteHandler {
  return (request: RecordedRequest) => {
    const all = rows();
    const cursor = request.query.get('cursor');
    const start = cursor ? all.findIndex((row) => row.id === cursor) + 1 : 0;
    const limit = Math.min(size, Number(request.query.get('limit') ?? size));
    const page = all.slice(start, start + limit);
    const more = start + limit < all.length;
    return ok(page, { next_cursor: more ? (page.at(-1)?.id ?? null) : null });
  };
}

const tableRows = (name: string) =>
  within(screen.getByRole('table', { name })).getAllByRole('row').slice(1) as HTMLElement[];

describe('door activity', () => {
  it('reads every filter from the URL, shows it in the controls and asks the server for it', async () => {
    const { requests } = api({ [DOOR_LOGS]: ok([], { next_cursor: null }) });
    await renderApp(
      `${BASE}/door_entries?from=2025-03-01&to=2025-03-10&door=${DOOR_ID}&result=refused&method=pincode&q=anna`,
    );
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    const query = requests.calls(DOOR_LOGS)[0]!.query;
    // Building days in Europe/Amsterdam (UTC+1 in March): the whole of 1 to 10 March.
    expect(Object.fromEntries(query)).toEqual({
      from: '2025-02-28T23:00:00.000Z',
      to: '2025-03-10T22:59:59.999Z',
      door_id: DOOR_ID,
      result: 'refused',
      method: 'pincode',
      q: 'anna',
      limit: '50',
    });
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('Refused');
    expect(screen.getByRole('combobox', { name: 'Method' })).toHaveValue('PIN code');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Door' })).toHaveValue('Front door'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('anna');
    expect(screen.getByRole('button', { name: 'Dates' })).toHaveTextContent('1 Mar 2025 – 10 Mar 2025');
  });

  it('leaves values that do not fit out of the URL filters', async () => {
    const { requests } = api({ [DOOR_LOGS]: ok([], { next_cursor: null }) });
    await renderApp(`${BASE}/door_entries?from=2025-02-30&result=maybe&method=magic&q=%20`);
    await screen.findByText('No door activity yet');
    expect(screen.getByRole('button', { name: 'Dates' })).toHaveTextContent('All dates');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(Object.fromEntries(requests.calls(DOOR_LOGS)[0]!.query)).toEqual({ limit: '50' });
  });

  it('writes the filters to the URL and loads the list for them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-12T10:00:00Z'));
    signIn();
    const { requests } = api({ [DOOR_LOGS]: ok([doorLogWire()], { next_cursor: null }) });
    const { user, router } = await renderApp(`${BASE}/door_entries`);
    await screen.findByRole('table', { name: 'Door activity' });

    await user.click(screen.getByRole('combobox', { name: 'Result' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ result: 'failed' }));
    await waitFor(() => expect(requests.calls(DOOR_LOGS).at(-1)?.query.get('result')).toBe('failed'));

    await user.click(screen.getByRole('combobox', { name: 'Door' }));
    await user.click(await screen.findByRole('option', { name: 'Back door' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ result: 'failed', door: OTHER_DOOR_ID }),
    );

    await user.click(screen.getByRole('button', { name: 'Dates' }));
    await user.click(screen.getByRole('button', { name: '3 March 2025' }));
    await user.click(screen.getByRole('button', { name: '5 March 2025' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ from: '2025-03-03', to: '2025-03-05' }),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'piet');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'piet' }));
    await waitFor(() => expect(requests.calls(DOOR_LOGS).at(-1)?.query.get('q')).toBe('piet'));
    const query = requests.calls(DOOR_LOGS).at(-1)!.query;
    expect(query.get('door_id')).toBe(OTHER_DOOR_ID);
    expect(query.get('from')).toBe('2025-03-02T23:00:00.000Z');
    expect(query.get('to')).toBe('2025-03-05T22:59:59.999Z');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('combobox', { name: 'Result' })).toHaveValue('');
  });

  it('lists the attempts newest first in the building’s time zone and loads older pages by cursor', async () => {
    const rows = [
      doorLogWire({ id: logId(5), occurred_at: '2025-03-10T09:15:30.000Z' }),
      doorLogWire({
        id: logId(4),
        occurred_at: '2025-03-10T08:00:00.000Z',
        actor_type: 'visitor',
        user: null,
        visitor: { id: VISITOR_ID, name: 'Anna de Vries' },
        method: 'visitor_link',
        result: 'refused',
        reason: 'outside_schedule: no entry schedule of the visitor’s unit lets them through now',
      }),
      doorLogWire({
        id: logId(3),
        occurred_at: '2025-03-09T22:00:00.000Z',
        door: { id: OTHER_DOOR_ID, name: 'Back door' },
        actor_type: 'device',
        user: null,
        unit: null,
        intercom: { id: '01900000-0000-7000-8000-0000000000f1', name: 'Lobby panel' },
        method: 'pincode',
        result: 'failed',
        reason: 'timeout: the lock did not answer',
      }),
      doorLogWire({ id: logId(2), occurred_at: '2025-03-09T10:00:00.000Z', door: null, method: 'dashboard' }),
    ];
    const { requests } = api({ [DOOR_LOGS]: pagedRows(() => rows) });
    const { user } = await renderApp(`${BASE}/door_entries`);
    await screen.findByRole('table', { name: 'Door activity' });
    let shown = tableRows('Door activity');
    expect(shown).toHaveLength(2);
    // 09:15:30 UTC is 10:15:30 in Amsterdam.
    expect(within(shown[0]!).getByText(/^Mar 10, 2025, 10:15:30\sAM$/)).toBeInTheDocument();
    expect(within(shown[0]!).getByRole('link', { name: 'Front door' })).toHaveAttribute(
      'href',
      `${BASE}/doors/${DOOR_ID}`,
    );
    expect(within(shown[0]!).getByText('Piet Jansen')).toBeInTheDocument();
    expect(within(shown[0]!).getByText('Apartment 3B')).toBeInTheDocument();
    expect(within(shown[0]!).getByText('Gatehouse App')).toBeInTheDocument();
    expect(within(shown[0]!).getByText('Opened').closest('[data-result]')).toHaveAttribute(
      'data-result',
      'opened',
    );
    expect(within(shown[1]!).getByText('Anna de Vries')).toBeInTheDocument();
    expect(within(shown[1]!).getByText('Visitor · Apartment 3B')).toBeInTheDocument();
    expect(within(shown[1]!).getByText('Refused')).toBeInTheDocument();
    expect(within(shown[1]!).getByText('Outside the entry schedule')).toBeInTheDocument();
    expect(requests.calls(DOOR_LOGS)[0]!.query.get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(tableRows('Door activity')).toHaveLength(4));
    expect(requests.calls(DOOR_LOGS)[1]!.query.get('cursor')).toBe(logId(4));
    shown = tableRows('Door activity');
    expect(within(shown[2]!).getByText('Lobby panel')).toBeInTheDocument();
    expect(within(shown[2]!).getByText('PIN code')).toBeInTheDocument();
    expect(within(shown[2]!).getByText('Failed')).toBeInTheDocument();
    expect(within(shown[2]!).getByText('timeout: the lock did not answer')).toBeInTheDocument();
    expect(within(shown[3]!).getByText('Deleted door')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('That is everything.')).toBeInTheDocument();
  });

  it('brings a new attempt in at the top from a door_opened event, without duplicates', async () => {
    let rows = [1, 2, 3, 4].map((n) =>
      doorLogWire({ id: logId(10 - n), occurred_at: `2025-03-10T0${9 - n}:00:00.000Z` }),
    );
    const { requests, events } = api({ [DOOR_LOGS]: pagedRows(() => rows) });
    const { user } = await renderApp(`${BASE}/door_entries`);
    await screen.findByRole('table', { name: 'Door activity' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(tableRows('Door activity')).toHaveLength(4));
    await waitFor(() => expect(events.latest()).toBeDefined());

    const opened = doorLogWire({
      id: logId(11),
      occurred_at: '2025-03-10T10:00:00.000Z',
      user: { id: '01900000-0000-7000-8000-000000000003', name: 'Kees Smit', email: 'kees@example.com' },
    });
    rows = [opened, ...rows];
    const event = {
      type: 'door_opened',
      building_id: BUILDING_ID,
      door_id: DOOR_ID,
      door_log_id: opened.id,
      result: 'opened',
      method: 'webapp',
      user_id: opened.user!.id,
      occurred_at: opened.occurred_at,
    };
    const before = requests.calls(DOOR_LOGS).length;
    events.latest()!.send('door_opened', event);
    await waitFor(() => expect(tableRows('Door activity')).toHaveLength(5));
    expect(within(tableRows('Door activity')[0]!).getByText('Kees Smit')).toBeInTheDocument();
    // Only the newest page was read again, not every page loaded.
    expect(requests.calls(DOOR_LOGS)).toHaveLength(before + 1);
    expect(requests.calls(DOOR_LOGS).at(-1)!.query.get('cursor')).toBeNull();

    // The same event again (a reconnect, a second tab…) adds nothing.
    events.latest()!.send('door_opened', event);
    await waitFor(() => expect(requests.calls(DOOR_LOGS)).toHaveLength(before + 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ids = tableRows('Door activity').map((row) => row.getAttribute('data-row-id'));
    expect(ids).toEqual([logId(11), logId(9), logId(8), logId(7), logId(6)]);
    // Older pages still follow on from where they were.
    expect(screen.getByText('That is everything.')).toBeInTheDocument();
  });

  it('does not reload for an event that the filters leave out, and does for one they let in', async () => {
    const rows = [doorLogWire({ id: logId(1), result: 'refused', reason: 'wrong_pincode: 1234' })];
    const { requests, events } = api({ [DOOR_LOGS]: ok(rows, { next_cursor: null }) });
    await renderApp(`${BASE}/door_entries?result=refused&door=${DOOR_ID}`);
    await screen.findByRole('table', { name: 'Door activity' });
    expect(screen.getByText('Wrong PIN code')).toBeInTheDocument();
    await waitFor(() => expect(events.latest()).toBeDefined());
    const event = (overrides: Record<string, unknown>) => ({
      type: 'door_opened',
      building_id: BUILDING_ID,
      door_id: DOOR_ID,
      door_log_id: logId(2),
      result: 'refused',
      method: 'pincode',
      user_id: null,
      occurred_at: '2025-03-10T10:00:00.000Z',
      ...overrides,
    });
    const stream = events.latest()!;
    stream.send('door_opened', event({ result: 'opened' }));
    stream.send('door_opened', event({ door_id: OTHER_DOOR_ID }));
    stream.send('door_status', {
      type: 'door_status',
      building_id: BUILDING_ID,
      door_id: DOOR_ID,
      status: 'unlocked',
      changed_at: '2025-03-10T10:00:00.000Z',
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(requests.calls(DOOR_LOGS)).toHaveLength(1);
    stream.send('door_opened', event({}));
    await waitFor(() => expect(requests.calls(DOOR_LOGS)).toHaveLength(2));
  });

  it('exports the list as CSV with its filters and the bearer token, under a readable name', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-12T23:30:00Z'));
    signIn();
    const csv = 'occurred_at,local_time,door\n2025-03-10T09:15:30.000Z,2025-03-10 10:15:30,Front door\n';
    const { requests } = api({
      [DOOR_LOGS]: ok([doorLogWire()], { next_cursor: null }),
      [`GET ${BASE}/door_logs.csv`]: { status: 200, text: { body: csv, contentType: 'text/csv' } },
    });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:export';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    const downloads: { href: string; name: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.getAttribute('href') ?? '', name: this.download });
    });
    const { user } = await renderApp(
      `${BASE}/door_entries?from=2025-03-01&to=2025-03-10&result=opened&q=piet`,
    );
    await screen.findByRole('table', { name: 'Door activity' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const request = requests.calls(`GET ${BASE}/door_logs.csv`)[0]!;
    expect(Object.fromEntries(request.query)).toEqual({
      from: '2025-02-28T23:00:00.000Z',
      to: '2025-03-10T22:59:59.999Z',
      result: 'opened',
      q: 'piet',
    });
    expect(request.headers.get('authorization')).toMatch(/^Bearer .+/);
    // Named after the building and today in its time zone (already the 13th in Amsterdam).
    expect(downloads[0]).toEqual({ href: 'blob:export', name: 'door-activity-harbour-house-2025-03-13.csv' });
    expect(await blobs[0]!.text()).toBe(csv);
  });

  it('says so in a toast when the export fails', async () => {
    api({
      [DOOR_LOGS]: ok([doorLogWire()], { next_cursor: null }),
      [`GET ${BASE}/door_logs.csv`]: fail(503, [{ code: 'unavailable', message: 'Down' }]),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = await renderApp(`${BASE}/door_entries`);
    await screen.findByRole('table', { name: 'Door activity' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(document.querySelector('[data-toast="error"]')).toHaveTextContent(
        'The service is unavailable right now. Try again later.',
      ),
    );
    expect(click).not.toHaveBeenCalled();
  });

  it('names the app that opened a door for its user', async () => {
    api({
      [DOOR_LOGS]: ok(
        [
          doorLogWire({
            actor_type: 'api_client',
            method: 'api',
            oauth2_client: { id: '01900000-0000-7000-8000-00000000aa01', name: 'DoorDash Deliveries' },
          }),
        ],
        { next_cursor: null },
      ),
    });
    await renderApp(`${BASE}/door_entries`);
    await screen.findByRole('table', { name: 'Door activity' });
    const [row] = tableRows('Door activity');
    expect(within(row!).getByText('Piet Jansen')).toBeInTheDocument();
    expect(within(row!).getByText('via DoorDash Deliveries · Apartment 3B')).toBeInTheDocument();
    expect(within(row!).getByText('API')).toBeInTheDocument();
  });

  it('shows the empty state, and an error with a retry', async () => {
    let attempts = 0;
    api({
      [DOOR_LOGS]: () => {
        attempts += 1;
        return attempts === 1
          ? fail(503, [{ code: 'unavailable', message: 'Down' }])
          : ok([], { next_cursor: null });
      },
    });
    const { user } = await renderApp(`${BASE}/door_entries`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The door activity could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No door activity yet')).toBeInTheDocument();
  });

  it('shows the 403 page to a member, and loads nothing', async () => {
    const { requests } = api({}, accountWire());
    await renderApp(`${BASE}/door_entries`);
    expect(await screen.findByText('Error 403')).toBeInTheDocument();
    expect(requests.calls(DOOR_LOGS)).toHaveLength(0);
    expect(requests.calls(`GET ${BASE}/events`)).toHaveLength(0);
  });

  it('works at 800 px: the filters and the list are there', async () => {
    api({ [DOOR_LOGS]: ok([doorLogWire()], { next_cursor: null }) });
    await renderApp(`${BASE}/door_entries`, { width: 800 });
    expect(await screen.findByRole('table', { name: 'Door activity' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});

describe('intercom activity', () => {
  const calls = () => [
    callWire({
      id: callId(3),
      started_at: '2025-03-10T09:20:00.000Z',
      status: 'ringing',
      answered_at: null,
      ended_at: null,
      duration_seconds: null,
    }),
    callWire({ id: callId(2), started_at: '2025-03-10T09:15:00.000Z', door_opened: true }),
    callWire({
      id: callId(1),
      started_at: '2025-03-10T08:00:00.000Z',
      status: 'missed',
      answered_at: null,
      duration_seconds: null,
      unit: null,
    }),
  ];

  it('shows each call’s status, length, door opened and unit, and reads the status filter from the URL', async () => {
    const { requests } = api({ [CALLS]: ok(calls(), { next_cursor: null }) });
    await renderApp(`${BASE}/call_entries?status=answered&door=${DOOR_ID}`);
    await screen.findByRole('table', { name: 'Intercom activity' });
    expect(Object.fromEntries(requests.calls(CALLS)[0]!.query)).toEqual({
      status: 'answered',
      door_id: DOOR_ID,
      limit: '50',
    });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Answered');
    const [ringing, answered, missed] = tableRows('Intercom activity') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(ringing).getByText('Ringing').closest('[data-call-status]')).toHaveAttribute(
      'data-call-status',
      'ringing',
    );
    expect(within(ringing).getByLabelText('No duration')).toBeInTheDocument();
    expect(within(ringing).queryByText('Door opened')).not.toBeInTheDocument();
    expect(within(answered).getByText(/^Mar 10, 2025, 10:15:00\sAM$/)).toBeInTheDocument();
    expect(within(answered).getByText('Answered')).toBeInTheDocument();
    expect(within(answered).getByText('1:05')).toBeInTheDocument();
    expect(within(answered).getByText('Door opened')).toBeInTheDocument();
    expect(within(answered).getByText('Lobby panel')).toBeInTheDocument();
    expect(within(answered).getByText('Apartment 3B')).toBeInTheDocument();
    expect(within(missed).getByText('Missed')).toBeInTheDocument();
    expect(within(missed).getByText('No unit')).toBeInTheDocument();
  });

  it('follows call events: a new call appears at the top, a changed one is updated in place', async () => {
    let rows = calls();
    const { requests, events } = api({ [CALLS]: pagedRows(() => rows, 50) });
    await renderApp(`${BASE}/call_entries`);
    await screen.findByRole('table', { name: 'Intercom activity' });
    await waitFor(() => expect(events.latest()).toBeDefined());

    // The ringing call is answered and ends after 42 s.
    rows = rows.map((call) =>
      call.id === callId(3)
        ? { ...call, status: 'answered', answered_at: '2025-03-10T09:20:05.000Z', duration_seconds: 42 }
        : call,
    );
    events.latest()!.send('call', {
      type: 'call',
      building_id: BUILDING_ID,
      call_id: callId(3),
      door_id: DOOR_ID,
      status: 'answered',
      started_at: '2025-03-10T09:20:00.000Z',
    });
    await waitFor(() =>
      expect(within(tableRows('Intercom activity')[0]!).getByText('0:42')).toBeInTheDocument(),
    );
    expect(within(tableRows('Intercom activity')[0]!).getByText('Answered')).toBeInTheDocument();
    expect(tableRows('Intercom activity')).toHaveLength(3);

    const incoming = callWire({
      id: callId(4),
      started_at: '2025-03-10T09:30:00.000Z',
      status: 'ringing',
      answered_at: null,
      ended_at: null,
      duration_seconds: null,
      unit: { id: '01900000-0000-7000-8000-0000000000a2', name: 'Apartment 4C' },
    });
    rows = [incoming, ...rows];
    events.latest()!.send('call', {
      type: 'call',
      building_id: BUILDING_ID,
      call_id: incoming.id,
      door_id: DOOR_ID,
      status: 'ringing',
      started_at: incoming.started_at,
    });
    await waitFor(() => expect(tableRows('Intercom activity')).toHaveLength(4));
    expect(within(tableRows('Intercom activity')[0]!).getByText('Apartment 4C')).toBeInTheDocument();
    expect(new Set(tableRows('Intercom activity').map((row) => row.getAttribute('data-row-id'))).size).toBe(
      4,
    );
    expect(requests.calls(CALLS).every((request) => request.query.get('cursor') === null)).toBe(true);
  });

  it('drops a call from a status-filtered list once it no longer has that status', async () => {
    let rows = calls().filter((call) => call.status === 'ringing');
    const { events } = api({ [CALLS]: pagedRows(() => rows, 50) });
    await renderApp(`${BASE}/call_entries?status=ringing`);
    await screen.findByRole('table', { name: 'Intercom activity' });
    await waitFor(() => expect(events.latest()).toBeDefined());
    rows = [];
    events.latest()!.send('call', {
      type: 'call',
      building_id: BUILDING_ID,
      call_id: callId(3),
      door_id: DOOR_ID,
      status: 'answered',
      started_at: '2025-03-10T09:20:00.000Z',
    });
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
  });

  it('exports calls.csv with the filters', async () => {
    const { requests } = api({
      [CALLS]: ok([callWire({ id: CALL_ID })], { next_cursor: null }),
      [`GET ${BASE}/calls.csv`]: { status: 200, text: { body: 'started_at\n', contentType: 'text/csv' } },
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:calls'), revokeObjectURL: vi.fn() }),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = await renderApp(`${BASE}/call_entries?status=missed`);
    await screen.findByRole('table', { name: 'Intercom activity' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^intercom-activity-harbour-house-\d{4}-\d{2}-\d{2}\.csv$/);
    const request = requests.calls(`GET ${BASE}/calls.csv`)[0]!;
    expect(Object.fromEntries(request.query)).toEqual({ status: 'missed' });
    expect(request.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('shows the 403 page to a member', async () => {
    const { requests } = api({}, accountWire());
    await renderApp(`${BASE}/call_entries`);
    expect(await screen.findByText('Error 403')).toBeInTheDocument();
    expect(requests.calls(CALLS)).toHaveLength(0);
  });
});

describe('building detail links', () => {
  it('lead a manager to Door activity and Intercom activity', async () => {
    const { requests } = api({
      [DOOR_LOGS]: ok([doorLogWire({ id: DOOR_LOG_ID })], { next_cursor: null }),
      [CALLS]: ok([callWire()], { next_cursor: null }),
    });
    const { user, router } = await renderApp(BASE);
    const links = await screen.findByRole('navigation', { name: 'Building pages' });
    await user.click(within(links).getByRole('link', { name: /^Door activity/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Door activity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${BASE}/door_entries`);
    expect(await screen.findByRole('table', { name: 'Door activity' })).toBeInTheDocument();
    expect(requests.calls(DOOR_LOGS)).toHaveLength(1);

    router.history.back();
    const again = await screen.findByRole('navigation', { name: 'Building pages' });
    await user.click(within(again).getByRole('link', { name: /^Intercom activity/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Intercom activity' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Intercom activity' })).toBeInTheDocument();
    expect(requests.calls(CALLS)).toHaveLength(1);
  });
});
