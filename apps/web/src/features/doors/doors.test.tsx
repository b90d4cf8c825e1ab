import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelays } from '../../lib/building-events';
import { eventStreams, fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  buildingWire,
  DOOR_ID,
  doorWire,
  managerAccountWire,
  OTHER_DOOR_ID,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

const initialDelay = reconnectDelays.initialMs;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

afterEach(() => {
  reconnectDelays.initialMs = initialDelay;
});

const BASE = `/buildings/${BUILDING_ID}`;
const DOOR = `${BASE}/doors/${DOOR_ID}`;

const front = doorWire();
const back = doorWire({ id: OTHER_DOOR_ID, name: 'Back door', is_entrance: false, status: 'locked' });

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

/** The building's fake server: its doors, each door, and the event stream (one stream per connection). */
function api(account = managerAccountWire(), routes: Routes = {}) {
  const events = eventStreams();
  const requests = mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET ${BASE}`]: ok(buildingWire()),
    [`GET ${BASE}/doors`]: ok([back, front], { total: 2, limit: 250 }),
    [`GET ${DOOR}`]: ok(front),
    [`GET ${BASE}/doors/${OTHER_DOOR_ID}`]: ok(back),
    [`GET ${BASE}/events`]: events.handler,
    ...routes,
  });
  return { requests, events };
}

function statusEvent(doorId: string, status: string, changedAt = '2025-01-01T10:05:00.000Z') {
  return { type: 'door_status', building_id: BUILDING_ID, door_id: doorId, status, changed_at: changedAt };
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('door list', () => {
  it('lists the doors with status badges, Open buttons and "New door" for a manager', async () => {
    api();
    await renderApp(`${BASE}/doors`);
    await screen.findByRole('link', { name: 'Front door' });
    expect(within(row('Front door')).getByText('Locked')).toBeInTheDocument();
    expect(within(row('Front door')).getByText('Entrance')).toBeInTheDocument();
    expect(within(row('Back door')).getByRole('button', { name: 'Open Back door' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New door' })).toHaveAttribute('href', `${BASE}/doors/new`);
    expect(screen.queryByText(/Showing .* doors/)).not.toBeInTheDocument();
    // The page title and breadcrumbs name the building.
    expect(screen.getByRole('link', { name: 'Harbour House' })).toHaveAttribute('href', BASE);
  });

  it('shows a member the doors without Open or New door', async () => {
    api(accountWire());
    await renderApp(`${BASE}/doors`);
    await screen.findByRole('link', { name: 'Front door' });
    expect(screen.queryByRole('button', { name: /^Open/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New door' })).not.toBeInTheDocument();
  });

  it('says "showing 250 of N" when the building has more doors than the list holds', async () => {
    const doors = Array.from({ length: 250 }, (_, index) =>
      doorWire({
        id: `01900000-0000-7000-8000-${String(index + 1).padStart(12, '0')}`,
        name: `Door ${index + 1}`,
      }),
    );
    api(managerAccountWire(), { [`GET ${BASE}/doors`]: ok(doors, { total: 412, limit: 250 }) });
    await renderApp(`${BASE}/doors`);
    expect(await screen.findByText('Showing 250 of 412 doors.')).toBeInTheDocument();
  });

  it('shows the empty state when the building has no doors', async () => {
    api(managerAccountWire(), { [`GET ${BASE}/doors`]: ok([], { total: 0, limit: 250 }) });
    await renderApp(`${BASE}/doors`);
    expect(await screen.findByText('No doors yet')).toBeInTheDocument();
  });

  it('changes a badge when a door_status event arrives', async () => {
    const { events, requests } = api();
    await renderApp(`${BASE}/doors`);
    await screen.findByRole('link', { name: 'Back door' });
    await waitFor(() => expect(events.streams).toHaveLength(1));
    events.latest()!.send('door_status', statusEvent(OTHER_DOOR_ID, 'offline'));
    await waitFor(() => expect(within(row('Back door')).getByText('Offline')).toBeInTheDocument());
    expect(within(row('Front door')).getByText('Locked')).toBeInTheDocument();
    expect(requests.calls(`GET ${BASE}/doors`)).toHaveLength(1);
  });
});

describe('new door', () => {
  it('is forbidden (403) for a member of the building', async () => {
    api(accountWire());
    await renderApp(`${BASE}/doors/new`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
  });

  it('shows the simulated lock settings by default and sends them', async () => {
    const created = doorWire({ id: OTHER_DOOR_ID, name: 'Garage' });
    const { requests } = api(managerAccountWire(), {
      [`POST ${BASE}/doors`]: ok(created),
      [`GET ${BASE}/doors/${OTHER_DOOR_ID}`]: ok(created),
    });
    const { user, router } = await renderApp(`${BASE}/doors/new`);
    await user.type(await screen.findByLabelText(/^Name/), 'Garage');
    expect(screen.getByRole('combobox', { name: 'Lock type' })).toHaveValue('Simulated lock');
    expect(screen.getByRole('switch', { name: /^Offline/ })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Relay address/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Unlock time (seconds)'));
    await user.type(screen.getByLabelText('Unlock time (seconds)'), '8');
    await user.click(screen.getByRole('switch', { name: /^Offline/ }));
    await user.click(screen.getByRole('button', { name: 'Create door' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/doors/${OTHER_DOOR_ID}`));
    expect(requests.calls(`POST ${BASE}/doors`)[0]?.body).toEqual({
      name: 'Garage',
      is_entrance: false,
      driver: 'simulated',
      driver_config: { unlock_seconds: 8, offline: true },
    });
    expect(await screen.findByText('Garage has been created.')).toBeInTheDocument();
  });

  it('switches to the relay settings, validates them with the driver schema and sends the password as a secret', async () => {
    const created = doorWire({ id: OTHER_DOOR_ID, name: 'Gate', driver: 'http_relay' });
    const { requests } = api(managerAccountWire(), {
      [`POST ${BASE}/doors`]: ok(created),
      [`GET ${BASE}/doors/${OTHER_DOOR_ID}`]: ok(created),
    });
    const { user, router } = await renderApp(`${BASE}/doors/new`);
    await user.type(await screen.findByLabelText(/^Name/), 'Gate');
    await user.click(screen.getByRole('switch', { name: /^Entrance/ }));
    await user.click(screen.getByRole('combobox', { name: 'Lock type' }));
    await user.click(await screen.findByRole('option', { name: 'IP intercom relay' }));

    expect(screen.queryByRole('switch', { name: /^Offline/ })).not.toBeInTheDocument();
    const url = screen.getByLabelText(/Relay address/);
    expect(screen.getByLabelText('Switch number')).toHaveValue('1');
    expect(screen.getByRole('combobox', { name: 'Authentication' })).toHaveValue('Digest');
    expect(screen.getByLabelText('Timeout (milliseconds)')).toHaveValue('3000');

    await user.type(url, 'ftp://relay');
    await user.click(screen.getByRole('button', { name: 'Create door' }));
    expect(
      await screen.findByText('Enter the relay’s http:// or https:// address, such as http://192.0.2.20.'),
    ).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(requests.calls(`POST ${BASE}/doors`)).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'http://192.0.2.20/');
    await user.type(screen.getByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Relay password'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Create door' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/doors/${OTHER_DOOR_ID}`));
    expect(requests.calls(`POST ${BASE}/doors`)[0]?.body).toEqual({
      name: 'Gate',
      is_entrance: true,
      driver: 'http_relay',
      driver_config: {
        url: 'http://192.0.2.20',
        switch: 1,
        auth: 'digest',
        username: 'admin',
        timeout_ms: 3000,
        unlock_seconds: 5,
      },
      secrets: { password: 's3cret' },
    });
  });

  it('hides the credentials without authentication and sends none', async () => {
    const created = doorWire({ id: OTHER_DOOR_ID, name: 'Gate', driver: 'http_relay' });
    const { requests } = api(managerAccountWire(), {
      [`POST ${BASE}/doors`]: ok(created),
      [`GET ${BASE}/doors/${OTHER_DOOR_ID}`]: ok(created),
    });
    const { user } = await renderApp(`${BASE}/doors/new`);
    await user.type(await screen.findByLabelText(/^Name/), 'Gate');
    await user.click(screen.getByRole('combobox', { name: 'Lock type' }));
    await user.click(await screen.findByRole('option', { name: 'IP intercom relay' }));
    await user.click(screen.getByRole('combobox', { name: 'Authentication' }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    expect(screen.queryByLabelText('User name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Relay password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Relay address/), 'https://relay.example');
    await user.click(screen.getByRole('button', { name: 'Create door' }));
    await waitFor(() => expect(requests.calls(`POST ${BASE}/doors`)).toHaveLength(1));
    const body = requests.calls(`POST ${BASE}/doors`)[0]?.body as Record<string, unknown>;
    expect(body.driver_config).toEqual({
      url: 'https://relay.example',
      switch: 1,
      auth: 'none',
      timeout_ms: 3000,
      unlock_seconds: 5,
    });
    expect(body).not.toHaveProperty('secrets');
  });

  it('shows a server error on a driver setting next to its input', async () => {
    api(managerAccountWire(), {
      [`POST ${BASE}/doors`]: fail(422, [
        { code: 'validation_failed', message: 'The relay does not answer', field: 'driver_config.url' },
      ]),
    });
    const { user } = await renderApp(`${BASE}/doors/new`);
    await user.type(await screen.findByLabelText(/^Name/), 'Gate');
    await user.click(screen.getByRole('combobox', { name: 'Lock type' }));
    await user.click(await screen.findByRole('option', { name: 'IP intercom relay' }));
    await user.type(screen.getByLabelText(/Relay address/), 'http://192.0.2.20');
    await user.click(screen.getByRole('button', { name: 'Create door' }));
    expect(await screen.findByText('The relay does not answer')).toBeInTheDocument();
    expect(screen.getByLabelText(/Relay address/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('door detail', () => {
  const statusRegion = () => screen.getByRole('region', { name: 'Status' });

  it('shows the door with its name as title, its details and the other doors', async () => {
    api();
    await renderApp(DOOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Front door' })).toBeInTheDocument();
    expect(within(statusRegion()).getByText('Locked')).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'Other doors' });
    expect(await within(others).findByRole('link', { name: 'Back door' })).toHaveAttribute(
      'href',
      `${BASE}/doors/${OTHER_DOOR_ID}`,
    );
    expect(within(others).queryByRole('link', { name: 'Front door' })).not.toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByRole('link', { name: 'No intercom yet' })).toHaveAttribute(
      'href',
      `${DOOR}/intercom`,
    );
  });

  it('opens the door: the button spins, then "Door opened"', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    const { requests } = api(managerAccountWire(), {
      [`POST ${DOOR}/open`]: () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = await renderApp(DOOR);
    const button = await screen.findByRole('button', { name: 'Open Front door' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    answer(
      ok({
        result: 'opened',
        status: 'unlocked',
        door_log_id: '01900000-0000-7000-8000-000000000111',
        reason: null,
      }),
    );
    expect(await screen.findByText('Door opened')).toBeInTheDocument();
    expect(document.querySelector('[data-toast="success"]')).toHaveTextContent('Door opened');
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    // The reply's status shows at once.
    expect(within(statusRegion()).getByText('Unlocked')).toBeInTheDocument();
    expect(requests.calls(`POST ${DOOR}/open`)).toHaveLength(1);
    expect(requests.calls(`POST ${DOOR}/open`)[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(requests.calls(`POST ${DOOR}/open`)[0]?.body).toEqual({ via: 'dashboard' });
  });

  it('shows an error toast when the lock does not answer (502)', async () => {
    api(managerAccountWire(), {
      [`POST ${DOOR}/open`]: fail(502, [{ code: 'bad_gateway', message: 'Relay timed out' }]),
    });
    const { user } = await renderApp(DOOR);
    await user.click(await screen.findByRole('button', { name: 'Open Front door' }));
    await waitFor(() =>
      expect(document.querySelector('[data-toast="error"]')).toHaveTextContent(
        'The door did not answer. Try again.',
      ),
    );
    expect(document.querySelector('[data-toast="success"]')).toBeNull();
  });

  it('shows an error toast with the reason when the open was refused', async () => {
    api(managerAccountWire(), {
      [`POST ${DOOR}/open`]: ok({
        result: 'refused',
        status: 'offline',
        door_log_id: '01900000-0000-7000-8000-000000000112',
        reason: 'Door is offline',
      }),
    });
    const { user } = await renderApp(DOOR);
    await user.click(await screen.findByRole('button', { name: 'Open Front door' }));
    await waitFor(() =>
      expect(document.querySelector('[data-toast="error"]')).toHaveTextContent(
        'Opening the door was refused: Door is offline',
      ),
    );
  });

  it('has no Open button for a member', async () => {
    api(accountWire());
    await renderApp(DOOR);
    await screen.findByRole('heading', { level: 1, name: 'Front door' });
    expect(screen.queryByRole('button', { name: 'Open Front door' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'PIN code' })).not.toBeInTheDocument();
  });

  it('follows the building event stream: a door_status event changes the badge without a reload', async () => {
    const { events, requests } = api();
    await renderApp(DOOR);
    expect(
      within(await screen.findByRole('region', { name: 'Status' })).getByText('Locked'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());

    const [connection] = requests.calls(`GET ${BASE}/events`);
    expect(connection?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(connection?.headers.get('accept')).toBe('text/event-stream');

    const stream = events.latest()!;
    stream.write(': keep-alive\n\n');
    // An event may arrive in pieces.
    const event = JSON.stringify(statusEvent(DOOR_ID, 'unlocked'));
    stream.write(`event: door_status\ndata: ${event.slice(0, 20)}`);
    stream.write(`${event.slice(20)}\n\n`);
    await waitFor(() => expect(within(statusRegion()).getByText('Unlocked')).toBeInTheDocument());

    stream.send('door_status', statusEvent(OTHER_DOOR_ID, 'error'));
    const others = screen.getByRole('region', { name: 'Other doors' });
    await waitFor(() => expect(within(others).getByText('Error')).toBeInTheDocument());

    // Another building's event and an older status are ignored.
    stream.send('door_status', { ...statusEvent(DOOR_ID, 'offline'), building_id: OTHER_DOOR_ID });
    stream.send('door_status', statusEvent(DOOR_ID, 'offline', '2025-01-01T10:01:00.000Z'));
    stream.send('door_status', statusEvent(DOOR_ID, 'locked', '2025-01-01T10:06:00.000Z'));
    await waitFor(() => expect(within(statusRegion()).getByText('Locked')).toBeInTheDocument());

    expect(requests.calls(`GET ${DOOR}`)).toHaveLength(1);
    expect(requests.calls(`GET ${BASE}/doors`)).toHaveLength(1);
    expect(requests.calls(`GET ${BASE}/events`)).toHaveLength(1);
  });

  it('tells of an opening reported by the stream and reloads the door', async () => {
    const { events, requests } = api();
    await renderApp(DOOR);
    await screen.findByRole('heading', { level: 1, name: 'Front door' });
    await waitFor(() => expect(events.streams).toHaveLength(1));
    events.latest()!.send('door_opened', {
      type: 'door_opened',
      building_id: BUILDING_ID,
      door_id: DOOR_ID,
      door_log_id: '01900000-0000-7000-8000-000000000113',
      result: 'opened',
      method: 'app',
      user_id: null,
      occurred_at: '2025-01-01T10:07:00.000Z',
    });
    expect(await screen.findByText(/^Last opened/)).toBeInTheDocument();
    await waitFor(() => expect(requests.calls(`GET ${DOOR}`)).toHaveLength(2));
  });

  it('reconnects after the stream ends and reloads what may have been missed', async () => {
    reconnectDelays.initialMs = 5;
    const { events, requests } = api();
    await renderApp(DOOR);
    await screen.findByRole('heading', { level: 1, name: 'Front door' });
    await waitFor(() => expect(events.streams).toHaveLength(1));
    events.latest()!.close();
    await waitFor(() => expect(events.streams).toHaveLength(2));
    await waitFor(() => expect(requests.calls(`GET ${DOOR}`)).toHaveLength(2));
    events.latest()!.send('door_status', statusEvent(DOOR_ID, 'unlocked', '2025-01-01T11:00:00.000Z'));
    await waitFor(() => expect(within(statusRegion()).getByText('Unlocked')).toBeInTheDocument());
  });

  it('stops listening when the page is left', async () => {
    const { events } = api(managerAccountWire(), {
      'GET /buildings': ok([], { total: 0, page: 1, page_size: 25 }),
    });
    const { router } = await renderApp(DOOR);
    await screen.findByRole('heading', { level: 1, name: 'Front door' });
    await waitFor(() => expect(events.streams).toHaveLength(1));
    await router.navigate({ to: '/buildings' });
    await waitFor(() => expect(events.latest()!.cancelled).toBe(true));
  });

  it('validates the PIN code (4 to 8 digits) before setting it', async () => {
    const { requests } = api(managerAccountWire(), {
      [`PUT ${DOOR}/pincode`]: ok(doorWire({ has_pincode: true })),
    });
    const { user } = await renderApp(DOOR);
    const section = await screen.findByRole('region', { name: 'PIN code' });
    const input = within(section).getByLabelText('PIN code');
    await user.type(input, '12a');
    await user.click(within(section).getByRole('button', { name: 'Set PIN code' }));
    expect(await within(section).findByText('A PIN code is 4 to 8 digits.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '123');
    await user.click(within(section).getByRole('button', { name: 'Set PIN code' }));
    expect(await within(section).findByText('A PIN code is 4 to 8 digits.')).toBeInTheDocument();
    expect(requests.calls(`PUT ${DOOR}/pincode`)).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '4321');
    await user.click(within(section).getByRole('button', { name: 'Set PIN code' }));
    await waitFor(() => expect(requests.calls(`PUT ${DOOR}/pincode`)).toHaveLength(1));
    expect(requests.calls(`PUT ${DOOR}/pincode`)[0]?.body).toEqual({ pincode: '4321' });
    expect(await screen.findByText('The PIN code has been set.')).toBeInTheDocument();
    expect(within(section).getByText('A PIN code is set')).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it('edits the door (PUT) with its driver settings', async () => {
    const { requests } = api(managerAccountWire(), {
      [`PUT ${DOOR}`]: (request) => ok(doorWire({ name: (request.body as { name: string }).name })),
    });
    const { user } = await renderApp(DOOR);
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const name = within(settings).getByLabelText(/^Name/);
    expect(name).toHaveValue('Front door');
    await user.clear(name);
    await user.type(name, 'Main entrance');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${DOOR}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${DOOR}`)[0]?.body).toEqual({
      name: 'Main entrance',
      is_entrance: true,
      driver: 'simulated',
      driver_config: { unlock_seconds: 5, offline: false },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Main entrance' })).toBeInTheDocument();
  });

  it('deletes the door after a confirmation', async () => {
    const { requests } = api(managerAccountWire(), { [`DELETE ${DOOR}`]: ok(null) });
    const { user, router } = await renderApp(DOOR);
    await user.click(await screen.findByRole('button', { name: 'Delete door' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Front door?' });
    expect(requests.calls(`DELETE ${DOOR}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete door' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/doors`));
    expect(requests.calls(`DELETE ${DOOR}`)).toHaveLength(1);
    expect(await screen.findByText('Front door has been deleted.')).toBeInTheDocument();
  });
});
