import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire, BUILDING_ID } from '../test/fixtures';
import { renderApp, signIn } from '../test/render-app';

function api(account = accountWire()) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /me/sessions': ok([]),
    'GET /users': ok([], { total: 0, page: 1, page_size: 25 }),
  });
}

beforeEach(() => {
  // Building pages load data these tests do not fake; the failures are logged.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('403 page', () => {
  it('replaces a page whose permission check fails, with the spec texts', async () => {
    api();
    signIn();
    await renderApp('/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Forbidden page' })).toBeInTheDocument();
    expect(
      screen.getByText('We’re sorry, you don’t have acces to the page you requested. That’s all we know.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take me back' })).toBeInTheDocument();
    // The page itself (its title and content) is not shown.
    expect(screen.queryByRole('heading', { name: 'Accounts' })).not.toBeInTheDocument();
    expect(screen.queryByText('No accounts to show yet')).not.toBeInTheDocument();
  });

  it('checks the permission against the route params (member of this building only)', async () => {
    api();
    signIn();
    const { router } = await renderApp(`/buildings/${BUILDING_ID}/doors`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Doors' })).toBeInTheDocument();
    expect(screen.queryByText('Error 403')).not.toBeInTheDocument();

    await router.navigate({ to: '/buildings/$buildingId/doors', params: { buildingId: 'another-building' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
  });

  it('lets a superadmin through', async () => {
    api(accountWire({ is_superadmin: true }));
    signIn();
    await renderApp('/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(await screen.findByText('No accounts to show yet')).toBeInTheDocument();
  });

  it('goes back when "Take me back" is pressed', async () => {
    api();
    signIn();
    const { router, user } = await renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await router.navigate({ to: '/accounts' });
    await user.click(await screen.findByRole('button', { name: 'Take me back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});

describe('404 page', () => {
  it('shows "Error 404" for an unknown route', async () => {
    api();
    signIn();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 404' })).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
  });

  it('shows "Error 404" to a logged-out visitor too, without navigation', async () => {
    api();
    await renderApp('/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 404' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});
