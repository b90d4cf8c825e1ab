import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventStreams, fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  BUILDING_ID,
  buildingWire,
  DOOR_ID,
  doorWire,
  managerAccountWire,
  OTHER_DOOR_ID,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

/* The Salto KS lock of a door on the door form (decision 008). */

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const BASE = `/buildings/${BUILDING_ID}`;
const DOOR = `${BASE}/doors/${DOOR_ID}`;
const LOCKS = [
  {
    id: 'lock-1',
    name: 'Front door',
    online: true,
    locked_state: 'locked',
    battery_level: 'normal',
    iq_id: 'iq-1',
  },
  {
    id: 'lock-2',
    name: 'Bike shed',
    online: false,
    locked_state: 'locked',
    battery_level: 'low',
    iq_id: 'iq-1',
  },
];

function api(routes: Record<string, RouteHandler | ReturnType<typeof ok>> = {}) {
  return mockApi({
    'GET /me/account': ok({ account: managerAccountWire() }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET ${BASE}`]: ok(buildingWire({ saltoks_site_id: 'site-1' })),
    [`GET ${BASE}/doors`]: ok([], { total: 0, limit: 250 }),
    [`GET ${BASE}/events`]: eventStreams().handler,
    'GET /saltoks/locks': ok(LOCKS),
    ...routes,
  });
}

async function chooseSaltoks(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(screen.getByRole('combobox', { name: 'Lock type' }));
  await user.click(await screen.findByRole('option', { name: 'Salto KS lock' }));
}

describe('a Salto KS door', () => {
  it('is created with a lock of the building’s site and its OTP secret', async () => {
    const created = doorWire({ id: OTHER_DOOR_ID, name: 'Front', driver: 'saltoks' });
    const requests = api({
      [`POST ${BASE}/doors`]: ok(created),
      [`GET ${BASE}/doors/${OTHER_DOOR_ID}`]: ok(created),
    });
    const { user, router } = await renderApp(`${BASE}/doors/new`);
    await user.type(await screen.findByLabelText(/^Name/), 'Front');
    await chooseSaltoks(user);
    expect(screen.queryByLabelText(/Relay address/)).not.toBeInTheDocument();
    expect(screen.getByText(/Gatehouse makes the one-time password/)).toBeInTheDocument();

    // No lock chosen: the driver's schema says so, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Create door' }));
    expect(await screen.findByText('Choose the Salto KS lock.')).toBeInTheDocument();
    expect(requests.calls(`POST ${BASE}/doors`)).toHaveLength(0);

    const lock = screen.getByRole('combobox', { name: /^Lock( \*)?$/ });
    await waitFor(() => expect(lock).toBeEnabled());
    await user.click(lock);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Front door',
      'Bike shed (offline)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Front door' }));
    await user.type(screen.getByLabelText(/OTP secret/), 'JBSWY3DPEHPK3PXPJBSWY3DP');
    await user.click(screen.getByRole('button', { name: 'Create door' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/doors/${OTHER_DOOR_ID}`));
    expect(requests.calls('GET /saltoks/locks')[0]?.query.get('site_id')).toBe('site-1');
    expect(requests.calls(`POST ${BASE}/doors`)[0]?.body).toEqual({
      name: 'Front',
      is_entrance: false,
      driver: 'saltoks',
      driver_config: { lock_id: 'lock-1', unlock_seconds: 5 },
      secrets: { otp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DP' },
    });
  });

  it('says where to link a site when the building has none', async () => {
    const requests = api({ [`GET ${BASE}`]: ok(buildingWire()) });
    const { user } = await renderApp(`${BASE}/doors/new`);
    await screen.findByLabelText(/^Name/);
    await chooseSaltoks(user);
    expect(await screen.findByText('No Salto KS site linked')).toBeInTheDocument();
    expect(
      screen.getByText(/Link this building to a Salto KS site on its Properties page/),
    ).toBeInTheDocument();
    expect(requests.calls('GET /saltoks/locks')).toHaveLength(0);
  });

  it('lets the lock id be typed when Salto KS cannot be asked', async () => {
    api({
      'GET /saltoks/locks': fail(503, [
        {
          code: 'saltoks_not_configured',
          message: 'The Salto KS integration is not configured on this server',
        },
      ]),
    });
    const { user } = await renderApp(`${BASE}/doors/new`);
    await screen.findByLabelText(/^Name/);
    await chooseSaltoks(user);
    expect(
      await screen.findByText(
        'Salto KS cannot be asked for its locks right now; type the lock ID.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Lock( \*)?$/ })).toBeInTheDocument();
  });

  it('keeps a stored OTP secret unless a new one is typed, and shows the server’s lock error', async () => {
    const door = doorWire({
      driver: 'saltoks',
      driver_config: { lock_id: 'lock-2', site_id: 'site-1', unlock_seconds: 5 },
      has_secrets: true,
    });
    const requests = api({
      [`GET ${DOOR}`]: ok(door),
      [`PUT ${DOOR}`]: fail(422, [
        {
          code: 'validation_failed',
          message: 'This lock is not in the Salto KS site',
          field: 'driver_config.lock_id',
        },
      ]),
    });
    const { user } = await renderApp(DOOR);
    const settings = await screen.findByRole('region', { name: 'Settings' });
    const lock = within(settings).getByRole('combobox', { name: /^Lock( \*)?$/ });
    await waitFor(() => expect(lock).toHaveValue('Bike shed (offline)'));
    expect(
      within(settings).getByText(
        'An OTP secret is set. Leave empty to keep it, or type a new one to replace it.',
      ),
    ).toBeInTheDocument();
    await user.click(within(settings).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${DOOR}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${DOOR}`)[0]?.body).toEqual({
      name: 'Front door',
      is_entrance: true,
      driver: 'saltoks',
      driver_config: { lock_id: 'lock-2', unlock_seconds: 5 },
    });
    expect(await within(settings).findByText('This lock is not in the Salto KS site')).toBeInTheDocument();
  });
});
