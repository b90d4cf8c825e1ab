import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RecordedRequest, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  buildingWire,
  managerAccountWire,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const SUPERADMIN = accountWire({ is_superadmin: true });

function api(account = SUPERADMIN, routes: Record<string, RouteHandler | ReturnType<typeof ok>> = {}) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    ...routes,
  });
}

/** A fake `GET /buildings` with `total` buildings, paging as the server does. */
function pagedBuildings(total: number): RouteHandler {
  return (request: RecordedRequest) => {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('page_size') ?? 25);
    const count = Math.max(0, Math.min(size, total - (page - 1) * size));
    const items = Array.from({ length: count }, (_, index) =>
      buildingWire({
        id: `01900000-0000-7000-8000-${String((page - 1) * size + index + 1).padStart(12, '0')}`,
        name: `Building ${(page - 1) * size + index + 1}`,
      }),
    );
    return ok(items, { total, page, page_size: size });
  };
}

describe('building list', () => {
  it('reads search, sort and page from the URL and asks the server for that page', async () => {
    const requests = api(SUPERADMIN, { 'GET /buildings': pagedBuildings(60) });
    await renderApp('/buildings?search=harbour&page=2&sort=city&order=desc');
    expect(await screen.findByRole('link', { name: 'Building 26' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('harbour');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('City (Z–A)');
    const query = requests.calls('GET /buildings')[0]!.query;
    expect(Object.fromEntries(query)).toEqual({
      search: 'harbour',
      sort: 'city',
      order: 'desc',
      page: '2',
      page_size: '25',
    });
  });

  it('searches once typing pauses, keeps the search in the URL and starts again at page 1', async () => {
    const requests = api(SUPERADMIN, { 'GET /buildings': pagedBuildings(60) });
    const { user, router } = await renderApp('/buildings?page=2');
    await screen.findByRole('link', { name: 'Building 26' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mill');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'mill' }));
    await waitFor(() => expect(requests.calls('GET /buildings').at(-1)?.query.get('search')).toBe('mill'));
    // One request for the page, one for the finished search: not one per key stroke.
    expect(requests.calls('GET /buildings').map((request) => request.query.get('search'))).toEqual([
      null,
      'mill',
    ]);
    expect(requests.calls('GET /buildings').at(-1)?.query.get('page')).toBe('1');
  });

  it('pages with the pagination and shows where the page stands', async () => {
    const requests = api(SUPERADMIN, { 'GET /buildings': pagedBuildings(60) });
    const { user, router } = await renderApp('/buildings');
    expect(await screen.findByText('1–25 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();
    expect(requests.calls('GET /buildings').at(-1)?.query.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ page: 3 });
  });

  it('sorts from the sort menu, kept in the URL', async () => {
    const requests = api(SUPERADMIN, { 'GET /buildings': pagedBuildings(3) });
    const { user, router } = await renderApp('/buildings');
    await screen.findByRole('link', { name: 'Building 1' });
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Newest first' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'inserted_at', order: 'desc' }));
    await waitFor(() =>
      expect(requests.calls('GET /buildings').at(-1)?.query.get('sort')).toBe('inserted_at'),
    );
    expect(requests.calls('GET /buildings').at(-1)?.query.get('order')).toBe('desc');
  });

  it('offers "New building" to a superadmin only', async () => {
    api(SUPERADMIN, { 'GET /buildings': pagedBuildings(1) });
    const first = await renderApp('/buildings');
    expect(await screen.findByRole('link', { name: 'New building' })).toHaveAttribute(
      'href',
      '/buildings/new',
    );
    first.unmount();

    api(managerAccountWire(), { 'GET /buildings': pagedBuildings(1) });
    await renderApp('/buildings');
    await screen.findByRole('link', { name: 'Building 1' });
    expect(screen.queryByRole('link', { name: 'New building' })).not.toBeInTheDocument();
  });

  it('shows the empty state, and a different one when a search finds nothing', async () => {
    api(SUPERADMIN, { 'GET /buildings': ok([], { total: 0, page: 1, page_size: 25 }) });
    const first = await renderApp('/buildings');
    expect(await screen.findByText('No buildings yet')).toBeInTheDocument();
    first.unmount();

    api(SUPERADMIN, { 'GET /buildings': ok([], { total: 0, page: 1, page_size: 25 }) });
    await renderApp('/buildings?search=zzz');
    expect(await screen.findByText('No buildings found')).toBeInTheDocument();
    expect(screen.getByText('No building matches “zzz”.')).toBeInTheDocument();
  });

  it('offers the first page when the URL asks for a page past the end', async () => {
    api(SUPERADMIN, { 'GET /buildings': pagedBuildings(30) });
    const { user, router } = await renderApp('/buildings?page=9');
    expect(await screen.findByText('This page is empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByRole('link', { name: 'Building 1' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
  });

  it('shows an error state when the list cannot be loaded', async () => {
    api(SUPERADMIN, { 'GET /buildings': fail(500, [{ code: 'internal_error', message: 'Boom' }]) });
    await renderApp('/buildings');
    expect(await screen.findByRole('alert')).toHaveTextContent('The buildings could not be loaded.');
  });
});

describe('new building', () => {
  const NEW_ID = '01900000-0000-7000-8000-0000000000b9';

  it('validates with the shared schema and sends nothing while invalid', async () => {
    const requests = api(SUPERADMIN, { 'POST /buildings': ok(buildingWire({ id: NEW_ID })) });
    const { user } = await renderApp('/buildings/new');
    await user.type(await screen.findByLabelText('Country'), 'n');
    await user.type(screen.getByLabelText('Contact email address'), 'not-an-email');
    await user.type(screen.getByLabelText('Contact phone number'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Create building' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Use the two-letter country code, such as NL.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText(/A phone number may contain only digits/)).toBeInTheDocument();
    expect(requests.calls('POST /buildings')).toHaveLength(0);
  });

  it('shows a server error next to its field', async () => {
    api(SUPERADMIN, {
      'POST /buildings': fail(422, [
        { code: 'validation_failed', message: 'A building with this name exists', field: 'name' },
      ]),
    });
    const { user } = await renderApp('/buildings/new');
    await user.type(await screen.findByLabelText(/^Name/), 'Harbour House');
    await user.click(screen.getByRole('button', { name: 'Create building' }));
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('A building with this name exists')).toBeInTheDocument();
    expect(document.querySelector('[data-toast="error"]')).toHaveTextContent(
      'Name: A building with this name exists',
    );
  });

  it('creates the building in Europe/Amsterdam by default, then opens it', async () => {
    const requests = api(SUPERADMIN, {
      'POST /buildings': ok(buildingWire({ id: NEW_ID, name: 'Mill Court' })),
      [`GET /buildings/${NEW_ID}`]: ok(buildingWire({ id: NEW_ID, name: 'Mill Court' })),
    });
    const { user, router } = await renderApp('/buildings/new');
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Amsterdam');
    await user.type(screen.getByLabelText(/^Name/), 'Mill Court');
    await user.type(screen.getByLabelText('City'), 'Utrecht');
    await user.type(screen.getByLabelText('Country'), 'nl');
    await user.type(screen.getByLabelText('Contact phone number'), '06 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Create building' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/buildings/${NEW_ID}`));
    expect(requests.calls('POST /buildings')[0]?.body).toEqual({
      name: 'Mill Court',
      address: null,
      postal_code: null,
      city: 'Utrecht',
      country: 'NL',
      time_zone: 'Europe/Amsterdam',
      contact_name: null,
      contact_email: null,
      contact_phone: '+31612345678',
      // The create schema's default: a new building calls no elevator.
      elevator_call_on_entry: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mill Court' })).toBeInTheDocument();
  });

  it('lets the time zone be searched and chosen', async () => {
    const requests = api(SUPERADMIN, { 'POST /buildings': ok(buildingWire({ id: NEW_ID })) });
    const { user } = await renderApp('/buildings/new');
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Lisbon');
    await user.click(await screen.findByRole('option', { name: 'Europe/Lisbon' }));
    await user.type(screen.getByLabelText(/^Name/), 'Casa');
    await user.click(screen.getByRole('button', { name: 'Create building' }));
    await waitFor(() => expect(requests.calls('POST /buildings')).toHaveLength(1));
    expect(requests.calls('POST /buildings')[0]?.body).toMatchObject({ time_zone: 'Europe/Lisbon' });
  });
});

describe('building detail', () => {
  it('titles the page with the name and shows only the links the user may follow', async () => {
    api(accountWire(), {
      [`GET /buildings/${BUILDING_ID}`]: ok(
        buildingWire({
          door_summary: { total: 3, locked: 3, unlocked: 0, offline: 0, error: 0, unknown: 0 },
        }),
      ),
    });
    await renderApp(`/buildings/${BUILDING_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour House' })).toBeInTheDocument();
    expect(screen.getByText('3 doors')).toBeInTheDocument();
    const links = screen.getByRole('navigation', { name: 'Building pages' });
    expect(within(links).getByRole('link', { name: /Doors/ })).toBeInTheDocument();
    expect(within(links).getByRole('link', { name: /Units/ })).toBeInTheDocument();
    // A member does not manage the building.
    expect(within(links).queryByRole('link', { name: /Managers/ })).not.toBeInTheDocument();
    expect(within(links).queryByRole('link', { name: /Properties/ })).not.toBeInTheDocument();
    expect(within(links).queryByRole('link', { name: /Door activity/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Today' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete building' })).not.toBeInTheDocument();
  });

  it('shows a manager the activity counts and every building page', async () => {
    api(managerAccountWire(), {
      [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire({ activity: { door_logs: 4, intercom_calls: 1 } })),
    });
    await renderApp(`/buildings/${BUILDING_ID}`);
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByRole('group', { name: 'Door activity today: 4' })).toBeInTheDocument();
    const links = screen.getByRole('navigation', { name: 'Building pages' });
    for (const name of ['Doors', 'Units', 'Managers', 'Properties', 'Door activity', 'Intercom activity']) {
      expect(within(links).getByRole('link', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
    // Deleting a building is for a superadmin.
    expect(screen.queryByRole('button', { name: 'Delete building' })).not.toBeInTheDocument();
  });
});

describe('deleting a building', () => {
  it('asks first; on 409 offers deleting with units and doors after a second confirmation', async () => {
    const requests = api(SUPERADMIN, {
      [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire()),
      'GET /buildings': ok([], { total: 0, page: 1, page_size: 25 }),
      [`DELETE /buildings/${BUILDING_ID}`]: (request) =>
        request.query.get('cascade') === 'true'
          ? ok(null)
          : fail(409, [{ code: 'conflict', message: 'The building has units or doors' }]),
    });
    const { user, router } = await renderApp(`/buildings/${BUILDING_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete building' }));

    let dialog = await screen.findByRole('dialog', { name: 'Delete Harbour House?' });
    expect(requests.calls(`DELETE /buildings/${BUILDING_ID}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete building' }));

    dialog = await screen.findByRole('dialog', { name: 'This building still has units or doors' });
    expect(requests.calls(`DELETE /buildings/${BUILDING_ID}`)).toHaveLength(1);
    expect(requests.calls(`DELETE /buildings/${BUILDING_ID}`)[0]?.query.get('cascade')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Delete with its units and doors' }));

    // The second confirmation: nothing is sent until the name is typed and confirmed.
    dialog = await screen.findByRole('dialog', { name: 'Delete Harbour House with its units and doors?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete building, units and doors' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type “Harbour House” to confirm'), 'Harbour House');
    expect(requests.calls(`DELETE /buildings/${BUILDING_ID}`)).toHaveLength(1);
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/buildings'));
    const deletes = requests.calls(`DELETE /buildings/${BUILDING_ID}`);
    expect(deletes).toHaveLength(2);
    expect(deletes[1]?.query.get('cascade')).toBe('true');
    expect(await screen.findByText('Harbour House has been deleted.')).toBeInTheDocument();
  });

  it('deletes an empty building at the first confirmation, and cancelling sends nothing', async () => {
    const requests = api(SUPERADMIN, {
      [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire()),
      'GET /buildings': ok([], { total: 0, page: 1, page_size: 25 }),
      [`DELETE /buildings/${BUILDING_ID}`]: ok(null),
    });
    const { user, router } = await renderApp(`/buildings/${BUILDING_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete building' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.calls(`DELETE /buildings/${BUILDING_ID}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete building' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete building' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/buildings'));
    expect(requests.calls(`DELETE /buildings/${BUILDING_ID}`)).toHaveLength(1);
  });
});

describe('building properties', () => {
  it('edits the building, including the provider links', async () => {
    const requests = api(managerAccountWire(), {
      [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire({ saltoks_site_id: 'site-1' })),
      [`PUT /buildings/${BUILDING_ID}`]: (request) =>
        ok(buildingWire(request.body as Parameters<typeof buildingWire>[0])),
    });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/properties`);
    const salto = await screen.findByLabelText('Salto KS site ID');
    expect(salto).toHaveValue('site-1');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Harbour House');
    await user.type(screen.getByLabelText('KONE building ID'), 'kone-7');
    await user.clear(salto);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)).toHaveLength(1));
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toMatchObject({
      name: 'Harbour House',
      kone_building_id: 'kone-7',
      saltoks_site_id: null,
      time_zone: 'Europe/Amsterdam',
    });
    expect(await screen.findByText('The building has been saved.')).toBeInTheDocument();
  });
});
