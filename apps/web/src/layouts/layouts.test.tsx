import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire } from '../test/fixtures';
import { breadcrumbLabels, renderApp, signIn } from '../test/render-app';

function api(account = accountWire()) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'DELETE /me/current_session': ok(null),
    'GET /me/sessions': ok([]),
  });
}

function navLabels(nav: HTMLElement): string[] {
  return Array.from(nav.querySelectorAll('a, button')).map((item) => item.textContent?.trim() ?? '');
}

function breadcrumbLink(name: string): HTMLElement {
  return within(screen.getByRole('navigation', { name: 'Breadcrumbs' })).getByRole('link', { name });
}

beforeEach(() => {
  // Building pages load data these tests do not fake; the failures are logged.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('default layout', () => {
  it('shows the side navigation in the spec order, without Accounts for a non-superadmin', async () => {
    api();
    signIn();
    await renderApp('/', { width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Send feedback' })).toBeInTheDocument());
    expect(navLabels(nav)).toEqual([
      'Dashboard',
      'Buildings',
      'Units',
      'Gatehouse App',
      'Profile',
      'Send feedback',
      'Log out',
    ]);
    expect(within(nav).getByRole('link', { name: 'Send feedback' })).toHaveAttribute(
      'href',
      'mailto:feedback@gatehouse.example',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows Accounts to a superadmin, after Units', async () => {
    api(accountWire({ is_superadmin: true }));
    signIn();
    await renderApp('/', { width: 1280 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const accounts = await within(nav).findByRole('link', { name: 'Accounts' });
    expect(accounts).toHaveAttribute('href', '/accounts');
    const labels = navLabels(nav);
    expect(labels.indexOf('Accounts')).toBe(labels.indexOf('Units') + 1);
  });

  it('keeps the navigation visible and has no hamburger at 1280px', async () => {
    api();
    signIn();
    await renderApp('/profile', { width: 1280 });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });

  it('turns the navigation into a slide-in panel behind a hamburger under 960px, closed on route change', async () => {
    api();
    signIn();
    const { user, router } = await renderApp('/', { width: 800 });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    const burger = screen.getByRole('button', { name: 'Open navigation' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger);
    const panel = await screen.findByRole('dialog');
    const nav = within(panel).getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Buildings' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the page title coloured by page type and the breadcrumb trail', async () => {
    api(accountWire({ is_superadmin: true }));
    signIn();
    await renderApp('/buildings/b-1/doors', { width: 1280 });
    const title = await screen.findByRole('heading', { level: 1, name: 'Doors' });
    expect(title).toHaveAttribute('data-page-type', 'Doors');
    expect(breadcrumbLabels()).toEqual(['Buildings', 'Building', 'Doors']);
    expect(breadcrumbLink('Building')).toHaveAttribute('href', '/buildings/b-1');
  });

  it('prefixes unit pages reached from a building with the building crumb', async () => {
    api(accountWire({ is_superadmin: true }));
    signIn();
    await renderApp('/units/u-1/members?building=b-1', { width: 1280 });
    await screen.findByRole('heading', { level: 1, name: 'Members' });
    expect(breadcrumbLabels()).toEqual(['Buildings', 'Building', 'Units', 'Unit', 'Members']);
    expect(breadcrumbLink('Units')).toHaveAttribute('href', '/buildings/b-1/units');
  });

  it('starts the unit trail at Units without a building', async () => {
    api(accountWire({ is_superadmin: true }));
    signIn();
    await renderApp('/units/u-1/members', { width: 1280 });
    await screen.findByRole('heading', { level: 1, name: 'Members' });
    expect(breadcrumbLabels()).toEqual(['Units', 'Unit', 'Members']);
  });

  it('sends a logged-out user from a protected page to the login page, keeping the way back', async () => {
    api();
    const { router } = await renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toEqual({ redirect: '/profile' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });
});

describe('auth layout', () => {
  it('is a card with logo and title and no navigation', async () => {
    api();
    await renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    const card = screen.getByRole('main');
    expect(within(card).getByText('Gatehouse')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });
});

describe('webapp layout', () => {
  it('always uses the hamburger, with Support FAQ, Website and Back to dashboard for a signed-in user', async () => {
    api();
    signIn();
    const { user } = await renderApp('/webapp', { width: 1280 });
    await screen.findByRole('heading', { level: 1, name: 'My doors' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = within(await screen.findByRole('dialog')).getByRole('navigation', {
      name: 'Main navigation',
    });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Back to dashboard' })).toBeInTheDocument(),
    );
    expect(within(nav).getByRole('link', { name: 'Support FAQ' })).toHaveAttribute(
      'href',
      'https://help.gatehouse.example',
    );
    expect(within(nav).getByRole('link', { name: 'Website' })).toHaveAttribute(
      'href',
      'https://gatehouse.example',
    );
    expect(within(nav).queryByRole('link', { name: 'Buildings' })).not.toBeInTheDocument();
  });

  it('has no Back to dashboard link without role data (visitor link, not signed in)', async () => {
    api();
    const { user } = await renderApp('/visitor/2f0c7d7e-1111-4222-8333-444455556666', { width: 360 });
    await screen.findByRole('heading', { level: 1, name: 'Your doors' });
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = within(await screen.findByRole('dialog')).getByRole('navigation', {
      name: 'Main navigation',
    });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Website' })).toBeInTheDocument());
    expect(within(nav).queryByRole('link', { name: 'Back to dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });
});
