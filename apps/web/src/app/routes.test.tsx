import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire } from '../test/fixtures';
import { breadcrumbLabels, renderApp, signIn } from '../test/render-app';

/** Every route of spec section 2 (with sample params), its layout, title and breadcrumb trail. */
const SPEC_ROUTES: ReadonlyArray<readonly [path: string, layout: string, title: string, crumbs: string[]]> = [
  ['/', 'default', 'Dashboard', ['Dashboard']],
  ['/auth/login', 'auth', 'Log in', ['Log in']],
  ['/profile', 'default', 'Profile', ['Profile']],
  ['/buildings', 'default', 'Buildings', ['Buildings']],
  ['/buildings/new', 'default', 'New building', ['Buildings', 'New building']],
  ['/buildings/b1', 'default', 'Building', ['Buildings', 'Building']],
  ['/buildings/b1/properties', 'default', 'Properties', ['Buildings', 'Building', 'Properties']],
  ['/buildings/b1/units', 'default', 'Units', ['Buildings', 'Building', 'Units']],
  ['/buildings/b1/units/new', 'default', 'New unit', ['Buildings', 'Building', 'Units', 'New unit']],
  ['/buildings/b1/doors', 'default', 'Doors', ['Buildings', 'Building', 'Doors']],
  ['/buildings/b1/doors/new', 'default', 'New door', ['Buildings', 'Building', 'Doors', 'New door']],
  ['/buildings/b1/doors/d1', 'default', 'Door', ['Buildings', 'Building', 'Doors', 'Door']],
  ['/buildings/b1/door_entries', 'default', 'Door activity', ['Buildings', 'Building', 'Door activity']],
  [
    '/buildings/b1/call_entries',
    'default',
    'Intercom activity',
    ['Buildings', 'Building', 'Intercom activity'],
  ],
  [
    '/buildings/b1/doors/d1/intercom',
    'default',
    'Intercom',
    ['Buildings', 'Building', 'Doors', 'Door', 'Intercom'],
  ],
  [
    '/buildings/b1/doors/d1/intercom/new',
    'default',
    'New intercom',
    ['Buildings', 'Building', 'Doors', 'Door', 'New intercom'],
  ],
  ['/buildings/b1/managers', 'default', 'Managers', ['Buildings', 'Building', 'Managers']],
  [
    '/buildings/b1/managers/new',
    'default',
    'New manager',
    ['Buildings', 'Building', 'Managers', 'New manager'],
  ],
  ['/buildings/b1/managers/m1', 'default', 'Manager', ['Buildings', 'Building', 'Managers', 'Manager']],
  ['/units', 'default', 'Units', ['Units']],
  ['/units/u1', 'default', 'Unit', ['Units', 'Unit']],
  ['/units/u1/properties', 'default', 'Properties', ['Units', 'Unit', 'Properties']],
  ['/units/u1/members', 'default', 'Members', ['Units', 'Unit', 'Members']],
  ['/units/u1/members/new', 'default', 'New member', ['Units', 'Unit', 'Members', 'New member']],
  ['/units/u1/members/m1', 'default', 'Member', ['Units', 'Unit', 'Members', 'Member']],
  ['/units/u1/visitors', 'default', 'Visitors', ['Units', 'Unit', 'Visitors']],
  ['/units/u1/visitors/new', 'default', 'New visitor', ['Units', 'Unit', 'Visitors', 'New visitor']],
  ['/units/u1/visitors/v1', 'default', 'Visitor', ['Units', 'Unit', 'Visitors', 'Visitor']],
  ['/units/u1/entry_schedules/d1', 'default', 'Entry schedule', ['Units', 'Unit', 'Entry schedule']],
  ['/accounts', 'default', 'Accounts', ['Accounts']],
  ['/accounts/a1', 'default', 'Account', ['Accounts', 'Account']],
  ['/webapp', 'webapp', 'My doors', ['Gatehouse App']],
  ['/visitor/3f1c2b7e-0000-4000-8000-000000000001', 'webapp', 'Your doors', ['Your doors']],
];

beforeEach(() => {
  // Pages of these bare routes load data the fake server does not have; their failures are logged.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('routes of spec section 2', () => {
  it.each(SPEC_ROUTES)(
    '%s renders in the %s layout titled "%s" with its breadcrumbs',
    async (path, layout, title, crumbs) => {
      mockApi({
        'GET /me/account': ok({ account: accountWire({ is_superadmin: true }) }),
        'GET /app_config': ok(APP_CONFIG_WIRE),
        'GET /me/sessions': ok([]),
      });
      if (!path.startsWith('/auth/') && !path.startsWith('/visitor/')) signIn();
      const { container } = await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(container.querySelector(`[data-layout="${layout}"]`)).not.toBeNull();
      if (layout !== 'auth') expect(breadcrumbLabels()).toEqual(crumbs);
      expect(screen.queryByText('Error 404')).not.toBeInTheDocument();
      expect(screen.queryByText('Error 403')).not.toBeInTheDocument();
    },
  );

  it('colours the titles of typed pages', async () => {
    mockApi({
      'GET /me/account': ok({ account: accountWire({ is_superadmin: true }) }),
      'GET /app_config': ok(APP_CONFIG_WIRE),
    });
    signIn();
    await renderApp('/units/u1/visitors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visitors' })).toHaveAttribute(
      'data-page-type',
      'Visitors',
    );
  });

  it('greets the user on the dashboard by display name', async () => {
    mockApi({
      'GET /me/account': ok({ account: accountWire({ first_name: null, last_name: 'Doe' }) }),
      'GET /app_config': ok(APP_CONFIG_WIRE),
      'GET /buildings': ok([], { total: 0, page: 1, page_size: 100 }),
    });
    signIn();
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Doe' })).toBeInTheDocument();
    expect(screen.getByText('No buildings to show yet')).toBeInTheDocument();
  });
});
