import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire, managerAccountWire } from '../../test/fixtures';
import { breadcrumbLabels, renderApp, signIn } from '../../test/render-app';

// Whole pages render here; on a busy machine (CI shares its cores) the first render of a file can
// take seconds, so waits and tests get more room than the defaults.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const CLIENT_ID = '01900000-0000-7000-8000-00000000aa01';
const NEW_CLIENT_ID = '01900000-0000-7000-8000-00000000aa02';
const SECRET = 'gh_cs_7vQk2mXn9pLr4sT8wYz1aB3cD5eF6gH0';
const NEW_SECRET = 'gh_cs_ROTATED0000000000000000000000000';

const superadmin = accountWire({ is_superadmin: true });

const SCOPES = [
  { scope: 'account:read', description: 'Your name, email and language' },
  { scope: 'doors:read', description: 'The doors you may open' },
  { scope: 'doors:open', description: 'Open the doors you may open' },
  { scope: 'buildings:read', description: 'Buildings and doors you manage or belong to' },
  { scope: 'activity:read', description: 'Door activity and intercom calls of buildings you manage' },
];

const clientWire = (overrides: Record<string, unknown> = {}) => ({
  id: CLIENT_ID,
  name: 'DoorDash Deliveries',
  description: 'Lets couriers in while you are away.',
  redirect_uris: ['https://couriers.example/callback'],
  allowed_scopes: ['doors:read', 'doors:open'],
  confidential: true,
  inserted_at: '2025-01-01T10:00:00.000Z',
  ...overrides,
});

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

function api(account = superadmin, routes: Routes = {}) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /token_scopes': ok(SCOPES),
    'GET /oauth2_clients': ok([
      clientWire(),
      clientWire({
        id: NEW_CLIENT_ID,
        name: 'Building Insights',
        confidential: false,
        allowed_scopes: ['activity:read'],
      }),
    ]),
    [`GET /oauth2_clients/${CLIENT_ID}`]: ok(clientWire()),
    ...routes,
  });
}

describe('third-party app list', () => {
  it('is reached from the account list', async () => {
    api(superadmin, { 'GET /users': ok([], { total: 0, page: 1, page_size: 25 }) });
    const { user, router } = await renderApp('/accounts');
    await user.click(await screen.findByRole('link', { name: 'Third-party apps' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/oauth2_clients'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Third-party apps' })).toBeInTheDocument();
  });

  it('lists the apps with their type and permissions, linking to each', async () => {
    api();
    await renderApp('/accounts/oauth2_clients');
    expect(breadcrumbLabels()).toEqual(['Accounts', 'Third-party apps']);
    const row = (await screen.findByRole('link', { name: 'DoorDash Deliveries' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Confidential')).toBeInTheDocument();
    expect(within(row).getByText('Open doors')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DoorDash Deliveries' })).toHaveAttribute(
      'href',
      `/accounts/oauth2_clients/${CLIENT_ID}`,
    );
    const other = screen.getByRole('link', { name: 'Building Insights' }).closest('tr') as HTMLElement;
    expect(within(other).getByText('Public')).toBeInTheDocument();
    expect(within(other).getByText('See activity')).toBeInTheDocument();
  });

  it('says so when no app is registered', async () => {
    api(superadmin, { 'GET /oauth2_clients': ok([]) });
    await renderApp('/accounts/oauth2_clients');
    expect(await screen.findByText('No apps registered yet')).toBeInTheDocument();
  });

  it.each([
    ['a building manager', managerAccountWire()],
    ['a member', accountWire()],
  ])('is forbidden (403) to %s, on every page', async (_who, account) => {
    const requests = api(account);
    for (const path of [
      '/accounts/oauth2_clients',
      '/accounts/oauth2_clients/new',
      `/accounts/oauth2_clients/${CLIENT_ID}`,
    ]) {
      const view = await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
      view.unmount();
    }
    expect(requests.calls('GET /oauth2_clients')).toHaveLength(0);
    expect(requests.calls(`GET /oauth2_clients/${CLIENT_ID}`)).toHaveLength(0);
  });
});

describe('registering an app', () => {
  it('checks the form before sending anything', async () => {
    const requests = api();
    const { user } = await renderApp('/accounts/oauth2_clients/new');
    await user.click(await screen.findByLabelText(/^Name/));
    await user.paste('Courier app');
    await user.click(screen.getByLabelText(/^Redirect URIs/));
    await user.paste('http://couriers.example/callback');
    await user.click(screen.getByRole('button', { name: 'Register app' }));
    expect(
      await screen.findByText('Not a valid redirect URI: http://couriers.example/callback'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose at least one permission.')).toBeInTheDocument();
    expect(requests.calls('POST /oauth2_clients')).toHaveLength(0);
  });

  it('registers a confidential app and shows its secret once, then opens the app', async () => {
    const requests = api(superadmin, {
      'POST /oauth2_clients': (request) => ({
        status: 201,
        body: {
          data: { ...clientWire({ id: NEW_CLIENT_ID, ...(request.body as object) }), client_secret: SECRET },
          errors: [],
          meta: {},
        },
      }),
      [`GET /oauth2_clients/${NEW_CLIENT_ID}`]: ok(clientWire({ id: NEW_CLIENT_ID, name: 'Courier app' })),
    });
    const { user, router } = await renderApp('/accounts/oauth2_clients/new');
    expect(breadcrumbLabels()).toEqual(['Accounts', 'Third-party apps', 'New app']);
    await user.click(await screen.findByLabelText(/^Name/));
    await user.paste('Courier app');
    await user.click(screen.getByLabelText(/^Description/));
    await user.paste('Lets couriers in.');
    await user.click(screen.getByLabelText(/^Redirect URIs/));
    await user.paste('https://couriers.example/callback\nhttp://127.0.0.1:8080/cb\n');
    await user.click(screen.getByRole('checkbox', { name: /^Open doors/ }));
    await user.click(screen.getByRole('checkbox', { name: /^See your doors/ }));
    expect(screen.getByRole('switch', { name: /^Confidential app/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Register app' }));

    const dialog = await screen.findByRole('dialog', { name: "The app's client secret" });
    expect(requests.calls('POST /oauth2_clients')[0]?.body).toEqual({
      name: 'Courier app',
      description: 'Lets couriers in.',
      redirect_uris: ['https://couriers.example/callback', 'http://127.0.0.1:8080/cb'],
      allowed_scopes: ['doors:open', 'doors:read'],
      confidential: true,
    });
    expect(within(dialog).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Client secret')).toHaveValue(SECRET);
    expect(within(dialog).getByLabelText('Client ID')).toHaveValue(NEW_CLIENT_ID);
    expect(within(dialog).getByRole('button', { name: 'Copy Client secret' })).toBeInTheDocument();
    // Only the button closes it: the secret cannot be lost to a stray key press.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: "The app's client secret" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/accounts/oauth2_clients/${NEW_CLIENT_ID}`),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Courier app' })).toBeInTheDocument();
    // The secret is gone for good: nowhere on the app's page.
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('registers a public app without a secret and opens it at once', async () => {
    api(superadmin, {
      'POST /oauth2_clients': (request) => ({
        status: 201,
        body: {
          data: { ...clientWire({ id: NEW_CLIENT_ID, ...(request.body as object) }), client_secret: null },
          errors: [],
          meta: {},
        },
      }),
      [`GET /oauth2_clients/${NEW_CLIENT_ID}`]: ok(
        clientWire({ id: NEW_CLIENT_ID, name: 'Phone app', confidential: false }),
      ),
    });
    const { user, router } = await renderApp('/accounts/oauth2_clients/new');
    await user.click(await screen.findByLabelText(/^Name/));
    await user.paste('Phone app');
    await user.click(screen.getByLabelText(/^Redirect URIs/));
    await user.paste('https://phone.example/cb');
    await user.click(screen.getByRole('checkbox', { name: /^Open doors/ }));
    await user.click(screen.getByRole('switch', { name: /^Confidential app/ }));
    await user.click(screen.getByRole('button', { name: 'Register app' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/accounts/oauth2_clients/${NEW_CLIENT_ID}`),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Phone app has been registered.')).toBeInTheDocument();
  });

  it('shows a server error next to its field', async () => {
    api(superadmin, {
      'POST /oauth2_clients': fail(422, [
        { code: 'validation_failed', message: 'Use an absolute https URL', field: 'redirect_uris.0' },
      ]),
    });
    const { user } = await renderApp('/accounts/oauth2_clients/new');
    await user.click(await screen.findByLabelText(/^Name/));
    await user.paste('Courier app');
    await user.click(screen.getByLabelText(/^Redirect URIs/));
    await user.paste('https://couriers.example/callback');
    await user.click(screen.getByRole('checkbox', { name: /^Open doors/ }));
    await user.click(screen.getByRole('button', { name: 'Register app' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Redirect URIs/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('one app', () => {
  it('shows the client id and saves changes', async () => {
    const requests = api(superadmin, {
      [`PUT /oauth2_clients/${CLIENT_ID}`]: (request) =>
        ok(clientWire(request.body as Record<string, unknown>)),
    });
    const { user } = await renderApp(`/accounts/oauth2_clients/${CLIENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'DoorDash Deliveries' })).toBeInTheDocument();
    expect(breadcrumbLabels()).toEqual(['Accounts', 'Third-party apps', 'DoorDash Deliveries']);
    expect(screen.getByTestId('oauth2-client-id')).toHaveTextContent(CLIENT_ID);
    expect(screen.getByRole('switch', { name: /^Confidential app/ })).toBeDisabled();
    const uris = screen.getByLabelText(/^Redirect URIs/) as HTMLTextAreaElement;
    uris.setSelectionRange(uris.value.length, uris.value.length);
    await user.click(uris);
    await user.keyboard('{End}');
    await user.paste('\nhttps://couriers.example/other');
    await user.click(screen.getByRole('checkbox', { name: /^See your doors/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT /oauth2_clients/${CLIENT_ID}`)).toHaveLength(1));
    expect(requests.calls(`PUT /oauth2_clients/${CLIENT_ID}`)[0]?.body).toEqual({
      name: 'DoorDash Deliveries',
      description: 'Lets couriers in while you are away.',
      redirect_uris: ['https://couriers.example/callback', 'https://couriers.example/other'],
      allowed_scopes: ['doors:open'],
    });
    expect(await screen.findByText('The app has been saved.')).toBeInTheDocument();
  });

  it('creates a new secret after a confirmation and shows it once', async () => {
    const requests = api(superadmin, {
      [`POST /oauth2_clients/${CLIENT_ID}/secret`]: ok({ ...clientWire(), client_secret: NEW_SECRET }),
    });
    const { user } = await renderApp(`/accounts/oauth2_clients/${CLIENT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Create new secret' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Create a new secret for DoorDash Deliveries?',
    });
    expect(requests.calls(`POST /oauth2_clients/${CLIENT_ID}/secret`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Create new secret' }));
    const dialog = await screen.findByRole('dialog', { name: "The app's client secret" });
    expect(within(dialog).getByLabelText('Client secret')).toHaveValue(NEW_SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.textContent).not.toContain(NEW_SECRET);
    expect(requests.calls(`POST /oauth2_clients/${CLIENT_ID}/secret`)).toHaveLength(1);
  });

  it('offers no secret for a public app', async () => {
    api(superadmin, { [`GET /oauth2_clients/${CLIENT_ID}`]: ok(clientWire({ confidential: false })) });
    await renderApp(`/accounts/oauth2_clients/${CLIENT_ID}`);
    expect(await screen.findByRole('button', { name: 'Delete app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create new secret' })).not.toBeInTheDocument();
  });

  it('deletes the app after a confirmation', async () => {
    const requests = api(superadmin, { [`DELETE /oauth2_clients/${CLIENT_ID}`]: ok(null) });
    const { user, router } = await renderApp(`/accounts/oauth2_clients/${CLIENT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete DoorDash Deliveries?' });
    expect(requests.calls(`DELETE /oauth2_clients/${CLIENT_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete app' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/oauth2_clients'));
    expect(requests.calls(`DELETE /oauth2_clients/${CLIENT_ID}`)).toHaveLength(1);
    expect(await screen.findByText('DoorDash Deliveries has been deleted.')).toBeInTheDocument();
  });
});
