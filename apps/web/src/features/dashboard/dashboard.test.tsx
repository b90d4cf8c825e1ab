import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire, buildingWire } from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const SECOND_ID = '01900000-0000-7000-8000-0000000000b2';

function api(buildings: unknown[] | (() => ReturnType<typeof ok>), total?: number) {
  return mockApi({
    'GET /me/account': ok({ account: accountWire() }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /buildings':
      typeof buildings === 'function'
        ? buildings
        : ok(buildings, { total: total ?? buildings.length, page: 1, page_size: 100 }),
  });
}

const card = (name: string) => screen.getByRole('article', { name });

describe('dashboard', () => {
  it('shows each building with its doors at a glance, problems highlighted, linking to the building', async () => {
    const requests = api([
      buildingWire({
        name: 'Harbour House',
        door_summary: { total: 7, locked: 4, unlocked: 1, offline: 1, error: 1, unknown: 0 },
        activity: { door_logs: 12, intercom_calls: 3 },
      }),
      buildingWire({
        id: SECOND_ID,
        name: 'Mill Court',
        city: 'Utrecht',
        door_summary: { total: 2, locked: 2, unlocked: 0, offline: 0, error: 0, unknown: 0 },
        activity: {},
      }),
    ]);
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    expect(within(harbour).getByText('7 doors')).toBeInTheDocument();
    expect(within(harbour).getByText('4 locked')).toBeInTheDocument();
    expect(within(harbour).getByText('1 unlocked')).toBeInTheDocument();
    // Offline and failing doors are filled red badges, with a warning line and a problem badge.
    expect(within(harbour).getByText('1 offline').closest('[data-door-status]')).toHaveAttribute(
      'data-door-status',
      'offline',
    );
    expect(within(harbour).getByText('1 with errors')).toBeInTheDocument();
    expect(within(harbour).getByText('2 doors need attention')).toBeInTheDocument();
    expect(within(harbour).getByText('2 problems')).toBeInTheDocument();
    expect(within(harbour).queryByText(/unknown/)).not.toBeInTheDocument();
    // Today's activity, as present in the reply.
    expect(within(harbour).getByRole('group', { name: 'Door activity today: 12' })).toBeInTheDocument();
    expect(within(harbour).getByRole('group', { name: 'Intercom calls today: 3' })).toBeInTheDocument();
    expect(within(harbour).getByRole('link', { name: 'Harbour House' })).toHaveAttribute(
      'href',
      '/buildings/01900000-0000-7000-8000-0000000000b1',
    );

    const mill = card('Mill Court');
    expect(within(mill).getByText('2 doors')).toBeInTheDocument();
    expect(within(mill).queryByText(/need attention/)).not.toBeInTheDocument();
    expect(within(mill).queryByText(/problem/)).not.toBeInTheDocument();
    // A user who may not read the activity gets no counts, and no empty ones either.
    expect(within(mill).queryByRole('group', { name: /today/ })).not.toBeInTheDocument();

    const query = requests.calls('GET /buildings')[0]?.query;
    expect(query?.get('page_size')).toBe('100');
    expect(query?.get('sort')).toBe('name');
  });

  it('shows only the activity count the user may read', async () => {
    api([buildingWire({ activity: { door_logs: 5 } })]);
    await renderApp('/');
    const harbour = await screen.findByRole('article', { name: 'Harbour House' });
    expect(within(harbour).getByRole('group', { name: 'Door activity today: 5' })).toBeInTheDocument();
    expect(within(harbour).queryByRole('group', { name: /Intercom calls/ })).not.toBeInTheDocument();
  });

  it('says so when there are more buildings than the dashboard shows', async () => {
    api([buildingWire()], 140);
    await renderApp('/');
    expect(await screen.findByText(/Showing 1 of 140 buildings\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all buildings' })).toHaveAttribute('href', '/buildings');
  });

  it('shows the empty state when the user has no buildings', async () => {
    api([]);
    await renderApp('/');
    expect(await screen.findByText('No buildings to show yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads again', async () => {
    let attempts = 0;
    api(() => {
      attempts += 1;
      return attempts === 1
        ? fail(503, [{ code: 'unavailable', message: 'Down' }])
        : ok([buildingWire()], { total: 1, page: 1, page_size: 100 });
    });
    const { user } = await renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your buildings could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Harbour House' })).toBeInTheDocument();
    await waitFor(() => expect(attempts).toBe(2));
  });
});
