import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire, BUILDING_ID, DOOR_ID } from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

// Whole pages render here; on a busy machine (CI shares its cores) the first render of a file can
// take seconds, so waits and tests get more room than the defaults.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const COURIERS = '01900000-0000-7000-8000-00000000ab01';
const INSIGHTS = '01900000-0000-7000-8000-00000000ab02';

const authorizationWire = (overrides: Record<string, unknown> = {}) => ({
  id: COURIERS,
  client: { id: '01900000-0000-7000-8000-00000000aa01', name: 'DoorDash Deliveries', description: null },
  scopes: ['doors:read', 'doors:open'],
  building: null,
  door: null,
  inserted_at: '2025-03-01T09:00:00.000Z',
  last_used_at: '2025-03-02T10:30:00.000Z',
  ...overrides,
});

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  let authorizations = [
    authorizationWire(),
    authorizationWire({
      id: INSIGHTS,
      client: { id: '01900000-0000-7000-8000-00000000aa02', name: 'Building Insights', description: null },
      scopes: ['activity:read'],
      building: { id: BUILDING_ID, name: 'Harbour House' },
      last_used_at: null,
    }),
  ];
  return mockApi({
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /me/account': ok({ account: accountWire() }),
    'GET /me/sessions': ok([]),
    'GET /me/oauth2_authorizations': () => ok(authorizations),
    [`DELETE /me/oauth2_authorizations/${COURIERS}`]: () => {
      authorizations = authorizations.filter((item) => item.id !== COURIERS);
      return ok(null);
    },
    ...extra,
  });
}

async function connectedApps() {
  const app = await renderApp('/profile');
  const region = await screen.findByRole('region', { name: 'Connected apps' });
  return { ...app, region };
}

describe('connected apps on the profile', () => {
  it('lists each app with its permissions in words, its limit, since when and its last use', async () => {
    api();
    const { region } = await connectedApps();
    const couriers = (await within(region).findByText('DoorDash Deliveries')).closest('li') as HTMLElement;
    expect(within(couriers).getByText('See your doors')).toBeInTheDocument();
    expect(within(couriers).getByText('Open doors')).toBeInTheDocument();
    expect(within(couriers).getByText('All your buildings')).toBeInTheDocument();
    expect(within(couriers).getByText(/^Connected since Mar 1, 2025/)).toBeInTheDocument();
    expect(within(couriers).getByText(/^Last used: Mar 2, 2025/)).toBeInTheDocument();
    const insights = within(region).getByText('Building Insights').closest('li') as HTMLElement;
    expect(within(insights).getByText('See activity')).toBeInTheDocument();
    expect(within(insights).getByText('Only Harbour House')).toBeInTheDocument();
    expect(within(insights).getByText('Not used yet')).toBeInTheDocument();
  });

  it('names the one door an app is limited to', async () => {
    api({
      'GET /me/oauth2_authorizations': ok([
        authorizationWire({
          building: { id: BUILDING_ID, name: 'Harbour House' },
          door: { id: DOOR_ID, name: 'Front door' },
        }),
      ]),
    });
    const { region } = await connectedApps();
    expect(await within(region).findByText('Only the door Front door')).toBeInTheDocument();
  });

  it('revokes an app after a confirmation; the list no longer shows it', async () => {
    const requests = api();
    const { user, region } = await connectedApps();
    await user.click(
      await within(region).findByRole('button', { name: 'Revoke access: DoorDash Deliveries' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access for DoorDash Deliveries?' });
    expect(requests.calls(`DELETE /me/oauth2_authorizations/${COURIERS}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(
      await screen.findByText('DoorDash Deliveries no longer has access to your account.'),
    ).toBeInTheDocument();
    expect(requests.calls(`DELETE /me/oauth2_authorizations/${COURIERS}`)).toHaveLength(1);
    await waitFor(() => expect(within(region).queryByText('DoorDash Deliveries')).not.toBeInTheDocument());
    expect(within(region).getByText('Building Insights')).toBeInTheDocument();
    expect(requests.calls('GET /me/oauth2_authorizations').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server error when revoking fails, and keeps the app listed', async () => {
    api({
      [`DELETE /me/oauth2_authorizations/${COURIERS}`]: fail(404, [
        { code: 'not_found', message: 'This authorization does not exist' },
      ]),
    });
    const { user, region } = await connectedApps();
    await user.click(
      await within(region).findByRole('button', { name: 'Revoke access: DoorDash Deliveries' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access for DoorDash Deliveries?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    await waitFor(() => expect(document.querySelector('[data-toast="error"]')).not.toBeNull());
    expect(within(region).getByText('DoorDash Deliveries')).toBeInTheDocument();
  });

  it('says so when no app is connected', async () => {
    api({ 'GET /me/oauth2_authorizations': ok([]) });
    const { region } = await connectedApps();
    expect(await within(region).findByText('You have not connected any apps.')).toBeInTheDocument();
  });
});
