import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  OTHER_USER_ID,
  sessionWire,
  UNIT_ID,
  USER_ID,
  userWire,
} from '../../test/fixtures';
import { breadcrumbLabels, renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const ACCOUNT = `/accounts/${OTHER_USER_ID}`;
const USER = `/users/${OTHER_USER_ID}`;
const SESSION_ID = '01900000-0000-7000-8000-00000000c001';
const OTHER_SESSION_ID = '01900000-0000-7000-8000-00000000c002';

const superadmin = accountWire({ is_superadmin: true });
const { current: _current, ...phone } = sessionWire({ id: SESSION_ID });
const { current: _current2, ...laptop } = sessionWire({
  id: OTHER_SESSION_ID,
  user_agent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
});

const piet = userWire({
  memberships_unit_building: [
    {
      id: '01900000-0000-7000-8000-0000000000c1',
      role: 'invite_member',
      unit: { id: UNIT_ID, name: 'Apartment 3B' },
      building: { id: BUILDING_ID, name: 'Harbour House' },
    },
  ],
  managerships_building: [
    { id: '01900000-0000-7000-8000-0000000000e1', building: { id: BUILDING_ID, name: 'Harbour House' } },
  ],
  sessions: [phone, laptop],
});

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

function api(account = superadmin, routes: Routes = {}) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /users': (request) => {
      const search = request.query.get('search');
      const users = [
        userWire({
          id: USER_ID,
          email: 'jane@example.com',
          first_name: 'Jane',
          last_name: 'Doe',
          is_superadmin: true,
        }),
        piet,
        userWire({
          id: '01900000-0000-7000-8000-000000000003',
          email: 'new@example.com',
          first_name: null,
          last_name: null,
          invite_pending: true,
        }),
      ].filter((user) => !search || user.email.includes(search));
      return ok(users, { total: users.length, page: 1, page_size: 25 });
    },
    [`GET ${USER}`]: ok(piet),
    ...routes,
  });
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('account list', () => {
  it('lists the accounts with their badges, linking to each', async () => {
    api();
    await renderApp('/accounts');
    await screen.findByRole('link', { name: 'Piet Jansen' });
    expect(within(row('Jane Doe')).getByText('Superadmin')).toBeInTheDocument();
    expect(within(row('new@example.com')).getByText('Invite pending')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Piet Jansen' })).toHaveAttribute('href', ACCOUNT);
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('searches, with the search in the URL', async () => {
    const requests = api();
    const { user, router } = await renderApp('/accounts');
    await screen.findByRole('link', { name: 'Piet Jansen' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'piet');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'piet' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jane Doe' })).not.toBeInTheDocument());
    expect(requests.calls('GET /users').at(-1)?.query.get('search')).toBe('piet');
  });

  it('pages through the accounts', async () => {
    const requests = api(superadmin, {
      'GET /users': (request) =>
        ok([piet], { total: 60, page: Number(request.query.get('page')), page_size: 25 }),
    });
    const { user, router } = await renderApp('/accounts');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    await waitFor(() => expect(requests.calls('GET /users').at(-1)?.query.get('page')).toBe('2'));
  });

  it('is forbidden (403) to anyone but a superadmin', async () => {
    api(accountWire());
    await renderApp('/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
  });
});

describe('account detail', () => {
  it('shows the user with their memberships and managerships as links', async () => {
    const requests = api();
    await renderApp(ACCOUNT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Piet Jansen' })).toBeInTheDocument();
    expect(breadcrumbLabels()).toEqual(['Accounts', 'Piet Jansen']);
    expect(requests.calls(`GET ${USER}`)[0]?.query.get('preloads')).toBe(
      'memberships_unit_building,managerships_building,sessions',
    );
    const memberships = screen.getByRole('table', { name: 'Member of' });
    expect(within(memberships).getByRole('link', { name: 'Apartment 3B' })).toHaveAttribute(
      'href',
      `/units/${UNIT_ID}?building=${BUILDING_ID}`,
    );
    expect(within(memberships).getByRole('link', { name: 'Harbour House' })).toHaveAttribute(
      'href',
      `/buildings/${BUILDING_ID}`,
    );
    expect(within(memberships).getByText('Invite-member')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Manages' })).getByRole('link', { name: 'Harbour House' }),
    ).toBeInTheDocument();
  });

  it('ends one session after a confirmation', async () => {
    let sessions = [phone, laptop];
    const requests = api(superadmin, {
      [`GET ${USER}`]: () => ok({ ...piet, sessions }),
      [`DELETE ${USER}/sessions/${OTHER_SESSION_ID}`]: () => {
        sessions = sessions.filter((session) => session.id !== OTHER_SESSION_ID);
        return ok(null);
      },
    });
    const { user } = await renderApp(ACCOUNT);
    await user.click(await screen.findByRole('button', { name: 'End session: Safari on macOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(within(dialog).getByText('The user is signed out on Safari on macOS.')).toBeInTheDocument();
    expect(requests.calls(`DELETE ${USER}/sessions/${OTHER_SESSION_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() =>
      expect(requests.calls(`DELETE ${USER}/sessions/${OTHER_SESSION_ID}`)).toHaveLength(1),
    );
    expect(await screen.findByText('The session has been ended.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'End session: Safari on macOS' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'End session: Firefox on Linux' })).toBeInTheDocument();
    expect(requests.calls(`DELETE ${USER}/sessions/${SESSION_ID}`)).toHaveLength(0);
  });

  it('edits the details, phone normalised, language and superadmin flag', async () => {
    const requests = api(superadmin, {
      [`PUT ${USER}`]: (request) => ok({ ...piet, ...(request.body as object) }),
    });
    const { user } = await renderApp(ACCOUNT);
    const email = await screen.findByLabelText(/Email address/);
    await user.clear(email);
    await user.type(email, 'P.Jansen@Example.com');
    await user.type(screen.getByLabelText('Phone number'), '+06 1234 5678');
    await user.click(screen.getByRole('switch', { name: /^Superadmin/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${USER}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${USER}`)[0]?.body).toEqual({
      email: 'p.jansen@example.com',
      first_name: 'Piet',
      last_name: 'Jansen',
      phone: '+31612345678',
      locale: 'nl',
      is_superadmin: true,
    });
    expect(await screen.findByText('The account has been saved.')).toBeInTheDocument();
  });

  it('shows a server error next to its field', async () => {
    api(superadmin, {
      [`PUT ${USER}`]: fail(409, [{ code: 'conflict', message: 'This address is in use', field: 'email' }]),
    });
    const { user } = await renderApp(ACCOUNT);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true'),
    );
  });

  it('deletes the account after a confirmation', async () => {
    const requests = api(superadmin, { [`DELETE ${USER}`]: ok(null) });
    const { user, router } = await renderApp(ACCOUNT);
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the account of Piet Jansen?' });
    expect(requests.calls(`DELETE ${USER}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
    expect(requests.calls(`DELETE ${USER}`)).toHaveLength(1);
  });

  it('does not let a superadmin delete themselves or drop their own flag', async () => {
    api(superadmin, {
      [`GET /users/${USER_ID}`]: ok(
        userWire({ id: USER_ID, email: 'jane@example.com', is_superadmin: true }),
      ),
    });
    await renderApp(`/accounts/${USER_ID}`);
    expect(await screen.findByRole('button', { name: 'Delete account' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /^Superadmin/ })).toBeDisabled();
  });
});
