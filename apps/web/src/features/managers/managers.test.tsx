import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  buildingWire,
  MANAGER_ID,
  managerAccountWire,
  managerWire,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const MANAGERS = `/buildings/${BUILDING_ID}/managers`;
const INVITED_ID = '01900000-0000-7000-8000-0000000000e2';

const piet = managerWire();
const invited = managerWire({
  id: INVITED_ID,
  user: {
    id: '01900000-0000-7000-8000-000000000003',
    email: 'new@example.com',
    first_name: null,
    last_name: null,
    invite_pending: true,
  },
});

function api(
  account = managerAccountWire(),
  routes: Record<string, RouteHandler | ReturnType<typeof ok>> = {},
) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire()),
    [`GET ${MANAGERS}`]: ok([piet, invited]),
    [`GET ${MANAGERS}/${MANAGER_ID}`]: ok(piet),
    ...routes,
  });
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('manager list', () => {
  it('lists the managers by display name with email and an "invite pending" badge', async () => {
    api();
    await renderApp(MANAGERS);
    await screen.findByRole('link', { name: 'Piet Jansen' });
    expect(within(row('Piet Jansen')).getByText('piet@example.com')).toBeInTheDocument();
    expect(within(row('Piet Jansen')).queryByText('Invite pending')).not.toBeInTheDocument();
    // Without a name the display name is the email (spec 3).
    expect(within(row('new@example.com')).getByText('Invite pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invite manager' })).toHaveAttribute('href', `${MANAGERS}/new`);
  });

  it('shows the empty state', async () => {
    api(managerAccountWire(), { [`GET ${MANAGERS}`]: ok([]) });
    await renderApp(MANAGERS);
    expect(await screen.findByText('No managers yet')).toBeInTheDocument();
  });

  it('is forbidden (403) for a member', async () => {
    api(accountWire());
    await renderApp(MANAGERS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
  });
});

describe('inviting a manager', () => {
  it('invites someone new by email and says an invitation was mailed', async () => {
    const requests = api(managerAccountWire(), { [`POST ${MANAGERS}`]: ok(invited) });
    const { user, router } = await renderApp(`${MANAGERS}/new`);
    await user.type(await screen.findByLabelText(/Email address/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(requests.calls(`POST ${MANAGERS}`)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/Email address/));
    await user.type(screen.getByLabelText(/Email address/), ' New@Example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MANAGERS));
    expect(requests.calls(`POST ${MANAGERS}`)[0]?.body).toEqual({
      email: 'new@example.com',
      first_name: null,
      last_name: null,
    });
    expect(await screen.findByText('An invitation has been mailed to new@example.com.')).toBeInTheDocument();
  });

  it('says an existing user now manages the building (no invitation)', async () => {
    const requests = api(managerAccountWire(), { [`POST ${MANAGERS}`]: ok(piet) });
    const { user } = await renderApp(`${MANAGERS}/new`);
    await user.type(await screen.findByLabelText(/Email address/), 'piet@example.com');
    await user.type(screen.getByLabelText('First name'), 'Piet');
    await user.type(screen.getByLabelText('Last name'), 'Jansen');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Piet Jansen now manages this building.')).toBeInTheDocument();
    expect(requests.calls(`POST ${MANAGERS}`)[0]?.body).toEqual({
      email: 'piet@example.com',
      first_name: 'Piet',
      last_name: 'Jansen',
    });
  });

  it('shows a conflict next to the email field', async () => {
    api(managerAccountWire(), {
      [`POST ${MANAGERS}`]: fail(409, [
        { code: 'conflict', message: 'Already a manager of this building', field: 'email' },
      ]),
    });
    const { user } = await renderApp(`${MANAGERS}/new`);
    await user.type(await screen.findByLabelText(/Email address/), 'piet@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true'),
    );
  });
});

describe('manager detail', () => {
  it('titles the page with the manager’s name', async () => {
    api();
    await renderApp(`${MANAGERS}/${MANAGER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Piet Jansen' })).toBeInTheDocument();
    expect(screen.getByText('piet@example.com')).toBeInTheDocument();
  });

  it('removes the manager after a confirmation', async () => {
    const requests = api(managerAccountWire(), { [`DELETE ${MANAGERS}/${MANAGER_ID}`]: ok(null) });
    const { user, router } = await renderApp(`${MANAGERS}/${MANAGER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Remove manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Piet Jansen?' });
    expect(requests.calls(`DELETE ${MANAGERS}/${MANAGER_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove manager' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MANAGERS));
    expect(await screen.findByText('Piet Jansen no longer manages this building.')).toBeInTheDocument();
  });

  it('shows a 409 (the last manager) as an error toast and stays', async () => {
    const requests = api(managerAccountWire(), {
      [`DELETE ${MANAGERS}/${MANAGER_ID}`]: fail(409, [{ code: 'conflict', message: 'Last manager' }]),
    });
    const { user, router } = await renderApp(`${MANAGERS}/${MANAGER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Remove manager' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove manager' }),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-toast="error"]')).toHaveTextContent(
        "This is the building's last manager. Invite another manager first.",
      ),
    );
    expect(requests.calls(`DELETE ${MANAGERS}/${MANAGER_ID}`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`${MANAGERS}/${MANAGER_ID}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
