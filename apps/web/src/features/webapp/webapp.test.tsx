import type { MyDoor } from '@gatehouse/core';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  DOOR_ID,
  OTHER_DOOR_ID,
  UNIT_ID,
  VISITOR_UUID,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const PHONE = { width: 360 };
const OTHER_BUILDING_ID = '01900000-0000-7000-8000-0000000000b2';
const GARAGE_ID = '01900000-0000-7000-8000-0000000000d3';

const front: MyDoor = {
  id: DOOR_ID,
  name: 'Front door',
  is_entrance: true,
  status: 'locked',
  building: { id: BUILDING_ID, name: 'Harbour House' },
  reason: {
    type: 'schedule',
    unit: { id: UNIT_ID, name: 'Apartment 3B' },
    time_start: '07:00',
    time_end: '22:00',
    date_end: '2025-03-31',
  },
};
const shed: MyDoor = { ...front, id: OTHER_DOOR_ID, name: 'Bike shed', is_entrance: false };
const garage: MyDoor = {
  id: GARAGE_ID,
  name: 'Garage',
  is_entrance: false,
  status: 'locked',
  building: { id: OTHER_BUILDING_ID, name: 'Canal Court' },
  reason: { type: 'building_manager' },
};

const openResult = (result: 'opened' | 'failed' | 'refused', reason: string | null = null) =>
  ok({ result, status: result === 'opened' ? 'unlocked' : 'locked', door_log_id: DOOR_ID, reason });

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

function api(routes: Routes = {}) {
  return mockApi({
    'GET /me/account': ok({ account: accountWire() }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /me/doors': ok([front, shed, garage]),
    ...routes,
  });
}

const card = (name: string) =>
  screen.getByRole('button', { name: `Open ${name}` }).closest('li') as HTMLElement;

describe('/webapp on a phone (360 px, touch)', () => {
  beforeEach(() => signIn());

  it('lists the doors by building, each with a big Open button and the reason it may be opened', async () => {
    api();
    const { container } = await renderApp('/webapp', PHONE);
    await screen.findByRole('button', { name: 'Open Front door' });
    expect(container.querySelector('[data-layout="webapp"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Harbour House' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(within(card('Front door')).getByText('Via Apartment 3B, until 22:00')).toBeInTheDocument();
    expect(within(card('Front door')).getByText('Entrance')).toBeInTheDocument();
    expect(within(card('Garage')).getByText('You manage this building')).toBeInTheDocument();
    // A full-width, extra-large target for a thumb.
    const button = screen.getByRole('button', { name: 'Open Front door' });
    expect(button).toHaveAttribute('data-block', 'true');
    expect(button).toHaveAttribute('data-size', 'xl');
  });

  it('opens a door on a tap, says "Door opened" under it, and tells the server it came from the webapp', async () => {
    const requests = api({ [`POST /buildings/${BUILDING_ID}/doors/${DOOR_ID}/open`]: openResult('opened') });
    const { user } = await renderApp('/webapp', PHONE);
    const button = await screen.findByRole('button', { name: 'Open Front door' });
    await user.pointer({ keys: '[TouchA]', target: button });
    expect(await within(card('Front door')).findByText('Door opened')).toBeInTheDocument();
    const [call] = requests.calls(`POST /buildings/${BUILDING_ID}/doors/${DOOR_ID}/open`);
    expect(call?.body).toEqual({ via: 'webapp' });
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
    // The other doors say nothing.
    expect(within(card('Bike shed')).queryByText('Door opened')).not.toBeInTheDocument();
  });

  it('says plainly when the door is outside the schedule (403 outside_schedule)', async () => {
    api({
      [`POST /buildings/${BUILDING_ID}/doors/${OTHER_DOOR_ID}/open`]: fail(403, [
        { code: 'outside_schedule', message: 'Outside the entry schedule' },
      ]),
    });
    const { user } = await renderApp('/webapp', PHONE);
    await user.pointer({
      keys: '[TouchA]',
      target: await screen.findByRole('button', { name: 'Open Bike shed' }),
    });
    expect(
      await within(card('Bike shed')).findByText(
        'Outside your schedule: you may not open this door right now.',
      ),
    ).toBeInTheDocument();
    expect(within(card('Bike shed')).queryByText('Door opened')).not.toBeInTheDocument();
  });

  it('says when the lock failed', async () => {
    api({
      [`POST /buildings/${OTHER_BUILDING_ID}/doors/${GARAGE_ID}/open`]: openResult('failed', 'Relay timeout'),
    });
    const { user } = await renderApp('/webapp', PHONE);
    await user.click(await screen.findByRole('button', { name: 'Open Garage' }));
    expect(
      await within(card('Garage')).findByText('The door could not be opened. Try again.'),
    ).toBeInTheDocument();
  });

  it('shows the empty state when there is no door to open now', async () => {
    api({ 'GET /me/doors': ok([]) });
    await renderApp('/webapp', PHONE);
    expect(await screen.findByText('No doors to open right now')).toBeInTheDocument();
  });

  it('offers Back to dashboard to a signed-in user', async () => {
    api();
    const { user } = await renderApp('/webapp', PHONE);
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('link', { name: 'Back to dashboard' })).toBeInTheDocument();
  });
});

describe('/visitor/{uuid} (no sign-in)', () => {
  const VISITOR_PATH = `/visitors/${VISITOR_UUID}`;
  const access = {
    visitor: {
      name: 'Anna de Vries',
      valid_from: '2025-03-10T09:00:00.000Z',
      valid_until: '2025-03-11T09:00:00.000Z',
      state: 'active',
    },
    unit: { name: 'Apartment 3B' },
    building: { name: 'Harbour House', time_zone: 'Europe/Amsterdam' },
    doors: [
      { id: DOOR_ID, name: 'Front door', is_entrance: true },
      { id: OTHER_DOOR_ID, name: 'Bike shed', is_entrance: false },
    ],
  };

  function visitorApi(routes: Routes = {}) {
    return mockApi({
      'GET /app_config': ok(APP_CONFIG_WIRE),
      [`GET ${VISITOR_PATH}`]: ok(access),
      ...routes,
    });
  }

  it('greets the visitor, names the building and opens a door with the link', async () => {
    const requests = visitorApi({ [`POST /doors/${DOOR_ID}/open_visitor`]: openResult('opened') });
    const { user } = await renderApp(`/visitor/${VISITOR_UUID}`, PHONE);
    expect(await screen.findByRole('heading', { name: 'Hello Anna de Vries' })).toBeInTheDocument();
    expect(screen.getByText('Harbour House, Apartment 3B')).toBeInTheDocument();
    expect(screen.getByText('Your link works until Mar 11, 2025, 10:00 AM.')).toBeInTheDocument();
    expect(requests.calls(`GET ${VISITOR_PATH}`)[0]?.headers.get('authorization')).toBeNull();

    await user.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'Open Front door' }) });
    expect(await within(card('Front door')).findByText('Door opened')).toBeInTheDocument();
    const [call] = requests.calls(`POST /doors/${DOOR_ID}/open_visitor`);
    expect(call?.body).toEqual({ uuid: VISITOR_UUID });
    expect(call?.headers.get('authorization')).toBeNull();
  });

  it('says when the link does not work yet (upcoming: no doors)', async () => {
    visitorApi({
      [`GET ${VISITOR_PATH}`]: ok({
        ...access,
        visitor: { ...access.visitor, state: 'upcoming' },
        doors: [],
      }),
    });
    await renderApp(`/visitor/${VISITOR_UUID}`, PHONE);
    expect(await screen.findByText('Your link does not work yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'It opens the doors from Mar 10, 2025, 10:00 AM until Mar 11, 2025, 10:00 AM. Come back then.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no navigation that needs an account', async () => {
    visitorApi();
    const { user } = await renderApp(`/visitor/${VISITOR_UUID}`, PHONE);
    await screen.findByRole('heading', { name: 'Hello Anna de Vries' });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('link', { name: 'Support FAQ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Website' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('says when a door is outside the window (403 outside_schedule)', async () => {
    visitorApi({
      [`POST /doors/${OTHER_DOOR_ID}/open_visitor`]: fail(403, [
        { code: 'outside_schedule', message: 'Outside the entry schedule' },
      ]),
    });
    const { user } = await renderApp(`/visitor/${VISITOR_UUID}`, PHONE);
    await user.click(await screen.findByRole('button', { name: 'Open Bike shed' }));
    expect(
      await within(card('Bike shed')).findByText(
        'Outside your schedule: you may not open this door right now.',
      ),
    ).toBeInTheDocument();
  });

  it.each([
    [410, 'link_expired', 'This link has expired', 'expired'],
    [410, 'link_revoked', 'This link has been withdrawn', 'revoked'],
    [404, 'link_invalid', 'This link does not work', 'invalid'],
  ])('shows its own page for a %i %s link', async (status, code, title, problem) => {
    visitorApi({ [`GET ${VISITOR_PATH}`]: fail(status, [{ code, message: code }]) });
    await renderApp(`/visitor/${VISITOR_UUID}`, PHONE);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(alert).toHaveAttribute('data-problem', problem);
    expect(screen.queryByRole('button', { name: 'Open Front door' })).not.toBeInTheDocument();
  });

  it('shows the expired page when the link runs out while the page is open', async () => {
    let expired = false;
    visitorApi({
      [`GET ${VISITOR_PATH}`]: () =>
        expired ? fail(410, [{ code: 'link_expired', message: 'Expired' }]) : ok(access),
      [`POST /doors/${DOOR_ID}/open_visitor`]: () => {
        expired = true;
        return fail(410, [{ code: 'link_expired', message: 'Expired' }]);
      },
    });
    const { user } = await renderApp(`/visitor/${VISITOR_UUID}`, PHONE);
    await user.click(await screen.findByRole('button', { name: 'Open Front door' }));
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
  });

  it('treats a malformed link as unknown without asking the server', async () => {
    const requests = visitorApi();
    await renderApp('/visitor/not-a-uuid', PHONE);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument();
    expect(requests.requests.filter((request) => request.path.startsWith('/visitors/'))).toHaveLength(0);
  });
});
