import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoggedIn } from '../../lib/token-service';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  DOOR_ID,
  OTHER_DOOR_ID,
  tokensWire,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

// Whole pages render here; on a busy machine (CI shares its cores) the first render of a file can
// take seconds, so waits and tests get more room than the defaults.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const CLIENT_ID = '01900000-0000-7000-8000-00000000aa01';
const OTHER_BUILDING_ID = '01900000-0000-7000-8000-0000000000b2';
const CALLBACK = 'http://127.0.0.1:4567/callback';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
// A state the router's own search parsing would turn into a number: it must reach the server unchanged.
const STATE = '12e3';

function authorizeUrl(overrides: Record<string, string | null> = {}): string {
  const params: Record<string, string | null> = {
    client_id: CLIENT_ID,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'doors:read doors:open',
    state: STATE,
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null) search.set(key, value);
  return `/oauth2/authorize?${search.toString()}`;
}

const CLIENT = {
  id: CLIENT_ID,
  name: 'DoorDash Deliveries',
  description: 'Lets couriers in while you are away.',
  redirect_uris: [CALLBACK],
  allowed_scopes: ['account:read', 'doors:read', 'doors:open'],
  confidential: true,
  inserted_at: '2025-01-01T10:00:00.000Z',
};

const SCOPES = [
  { scope: 'account:read', description: 'Your name, email and language' },
  { scope: 'doors:read', description: 'The doors you may open' },
  { scope: 'doors:open', description: 'Open the doors you may open' },
  { scope: 'buildings:read', description: 'Buildings and doors you manage or belong to' },
  { scope: 'activity:read', description: 'Door activity and intercom calls of buildings you manage' },
];

const myDoor = (id: string, name: string, building: { id: string; name: string }) => ({
  id,
  name,
  is_entrance: true,
  status: 'locked',
  building,
  reason: { type: 'building_manager' },
});

const harbour = { id: BUILDING_ID, name: 'Harbour House' };
const maple = { id: OTHER_BUILDING_ID, name: 'Maple Court' };

function api(routes: Record<string, RouteHandler | ReturnType<typeof ok>> = {}) {
  return mockApi({
    'GET /me/account': ok({ account: accountWire() }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET /oauth2_clients/${CLIENT_ID}`]: ok(CLIENT),
    'GET /token_scopes': ok(SCOPES),
    'GET /buildings': ok([harbour], { total: 1, page: 1, page_size: 100 }),
    'GET /me/doors': ok([
      myDoor(DOOR_ID, 'Front door', harbour),
      myDoor(OTHER_DOOR_ID, 'Garage', harbour),
      myDoor('01900000-0000-7000-8000-0000000000d3', 'Maple entrance', maple),
    ]),
    'POST /oauth2/authorize': (request) => {
      const body = request.body as { approve: boolean; state?: string };
      return ok({
        redirect_to: body.approve
          ? `${CALLBACK}?code=abc123&state=${body.state}`
          : `${CALLBACK}?error=access_denied&state=${body.state}`,
      });
    },
    ...routes,
  });
}

/** The browser leaving for the app: jsdom cannot navigate away, so `location.assign` is recorded. */
function recordLeaving() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

const REQUEST_BODY = {
  client_id: CLIENT_ID,
  redirect_uri: CALLBACK,
  response_type: 'code',
  scope: 'doors:read doors:open',
  state: STATE,
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('consent page', () => {
  beforeEach(() => signIn());

  it('shows the app, what it asks for in words, and where the answer goes', async () => {
    api();
    await renderApp(authorizeUrl());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Allow DoorDash Deliveries access?' }),
    ).toBeVisible();
    expect(screen.getByText('Lets couriers in while you are away.')).toBeInTheDocument();
    const scopes = screen.getByRole('list', { name: 'What the app may do' });
    expect(within(scopes).getByText('See your doors')).toBeInTheDocument();
    expect(within(scopes).getByText('Open the doors you may open, in your name')).toBeInTheDocument();
    expect(within(scopes).queryByText('Your account')).not.toBeInTheDocument();
    expect(screen.getByText('After you answer, you go back to 127.0.0.1:4567.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All my buildings' })).toBeChecked();
  });

  it('speaks Dutch to a Dutch user', async () => {
    mockApi({
      'GET /me/account': ok({ account: accountWire({ locale: 'nl' }) }),
      'GET /app_config': ok(APP_CONFIG_WIRE),
      [`GET /oauth2_clients/${CLIENT_ID}`]: ok(CLIENT),
      'GET /token_scopes': ok(SCOPES),
      'GET /buildings': ok([], { total: 0, page: 1, page_size: 100 }),
      'GET /me/doors': ok([]),
    });
    await renderApp(authorizeUrl());
    expect(await screen.findByText('Namens u de deuren openen die u mag openen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toestaan' })).toBeInTheDocument();
  });

  it('approves with the request exactly as the app sent it, then sends the browser to the app', async () => {
    const requests = api();
    const assign = recordLeaving();
    const { user } = await renderApp(authorizeUrl());
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${CALLBACK}?code=abc123&state=${STATE}`));
    expect(requests.calls('POST /oauth2/authorize')).toHaveLength(1);
    expect(requests.calls('POST /oauth2/authorize')[0]?.body).toEqual({ ...REQUEST_BODY, approve: true });
    expect(requests.calls('POST /oauth2/authorize')[0]?.headers.get('x-csrf-token')).toBeTruthy();
  });

  it('limits the grant to one door, chosen among the doors the user may open', async () => {
    const requests = api();
    const assign = recordLeaving();
    const { user } = await renderApp(authorizeUrl());
    await user.click(await screen.findByRole('radio', { name: 'One door' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Choose a door, or allow all your buildings.')).toBeInTheDocument();
    expect(requests.calls('POST /oauth2/authorize')).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Door' }));
    await user.click(await screen.findByRole('option', { name: 'Garage' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(requests.calls('POST /oauth2/authorize')[0]?.body).toEqual({
      ...REQUEST_BODY,
      approve: true,
      door_id: OTHER_DOOR_ID,
    });
  });

  it('limits the grant to one building, including one known only through a door', async () => {
    const requests = api();
    const assign = recordLeaving();
    const { user } = await renderApp(authorizeUrl());
    await user.click(await screen.findByRole('radio', { name: 'One building' }));
    await user.click(screen.getByRole('combobox', { name: 'Building' }));
    expect(await screen.findByRole('option', { name: 'Harbour House' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Maple Court' }));
    await user.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(requests.calls('POST /oauth2/authorize')[0]?.body).toEqual({
      ...REQUEST_BODY,
      approve: true,
      building_id: OTHER_BUILDING_ID,
    });
  });

  it('denies without any narrowing and sends the browser back with the refusal', async () => {
    const requests = api();
    const assign = recordLeaving();
    const { user } = await renderApp(authorizeUrl());
    await user.click(await screen.findByRole('radio', { name: 'One building' }));
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`${CALLBACK}?error=access_denied&state=${STATE}`),
    );
    expect(requests.calls('POST /oauth2/authorize')[0]?.body).toEqual({ ...REQUEST_BODY, approve: false });
  });

  it('does not offer a building limit when the app only asks about the account', async () => {
    const requests = api();
    await renderApp(authorizeUrl({ scope: 'account:read' }));
    expect(await screen.findByText('See your name, email address and language')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'All my buildings' })).not.toBeInTheDocument();
    expect(requests.calls('GET /me/doors')).toHaveLength(0);
  });

  describe('a request that cannot go on shows why, and never leaves for the app', () => {
    async function expectErrorCard(text: string) {
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('This request cannot be completed')).toBeInTheDocument();
      expect(within(alert).getByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
    }

    it('an unknown app', async () => {
      const requests = api({
        [`GET /oauth2_clients/${CLIENT_ID}`]: fail(404, [{ code: 'not_found', message: 'Not found' }]),
      });
      const assign = recordLeaving();
      await renderApp(authorizeUrl());
      await expectErrorCard('The app that sent you here is not known to Gatehouse.');
      expect(requests.calls('POST /oauth2/authorize')).toHaveLength(0);
      expect(assign).not.toHaveBeenCalled();
    });

    it('a return address the app has not registered', async () => {
      const requests = api();
      await renderApp(authorizeUrl({ redirect_uri: 'http://127.0.0.1:4567/callback/../evil' }));
      await expectErrorCard(
        'The app asked to send you back to an address it has not registered. For your safety you are not sent there.',
      );
      expect(requests.calls('POST /oauth2/authorize')).toHaveLength(0);
    });

    it('a scope the app may not ask for', async () => {
      api();
      await renderApp(authorizeUrl({ scope: 'doors:open activity:read' }));
      await expectErrorCard('The app asked for permissions it may not ask for: activity:read.');
    });

    it('a scope nobody knows', async () => {
      api();
      await renderApp(authorizeUrl({ scope: 'doors:open everything' }));
      await expectErrorCard('The app asked for permissions Gatehouse does not know: everything.');
    });

    it('a request without PKCE', async () => {
      const requests = api();
      await renderApp(authorizeUrl({ code_challenge: null }));
      await expectErrorCard(
        'The link to this page is incomplete or damaged: it misses part of what an app must send.',
      );
      expect(requests.calls(`GET /oauth2_clients/${CLIENT_ID}`)).toHaveLength(0);
    });

    it('a request with the plain PKCE method', async () => {
      api();
      await renderApp(authorizeUrl({ code_challenge_method: 'plain' }));
      await expectErrorCard(
        'The link to this page is incomplete or damaged: it misses part of what an app must send.',
      );
    });

    it('a refusal by the server on approval', async () => {
      api({
        'POST /oauth2/authorize': fail(422, [
          { code: 'validation_failed', message: 'This scope is not allowed for this client', field: 'scope' },
        ]),
      });
      const assign = recordLeaving();
      const { user } = await renderApp(authorizeUrl());
      await user.click(await screen.findByRole('button', { name: 'Allow' }));
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(/This scope is not allowed for this client/)).toBeInTheDocument();
      expect(assign).not.toHaveBeenCalled();
    });
  });
});

describe('consent page, signed out', () => {
  it('sends the user to sign in and back to the very same request', async () => {
    const requests = api({ 'POST /me/current_session': ok(tokensWire()) });
    const url = authorizeUrl();
    const { user, router } = await renderApp(url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(requests.calls(`GET /oauth2_clients/${CLIENT_ID}`)).toHaveLength(0);
    await user.type(await screen.findByLabelText('Email address'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/oauth2/authorize'));
    expect(isLoggedIn()).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(router.history.location.search))).toEqual(
      Object.fromEntries(new URL(url, 'http://localhost').searchParams),
    );
    expect(await screen.findByRole('button', { name: 'Allow' })).toBeInTheDocument();
  });
});
