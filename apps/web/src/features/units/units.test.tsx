import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  buildingWire,
  DOOR_ID,
  doorWire,
  entryScheduleWire,
  managerAccountWire,
  memberWire,
  OTHER_DOOR_ID,
  OTHER_USER_ID,
  UNIT_ID,
  unitWire,
} from '../../test/fixtures';
import { breadcrumbLabels, renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const OTHER_BUILDING_ID = '01900000-0000-7000-8000-0000000000b2';
const OTHER_UNIT_ID = '01900000-0000-7000-8000-0000000000a2';
const UNIT = `/units/${UNIT_ID}`;

const apartment = unitWire();
const shop = unitWire({
  id: OTHER_UNIT_ID,
  name: 'Shop',
  floor: null,
  building_id: OTHER_BUILDING_ID,
  building: { id: OTHER_BUILDING_ID, name: 'Canal Court', time_zone: 'Europe/Amsterdam' },
  member_count: 0,
});

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

function api(account = managerAccountWire(), routes: Routes = {}) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire()),
    'GET /buildings': ok(
      [
        { id: BUILDING_ID, name: 'Harbour House' },
        { id: OTHER_BUILDING_ID, name: 'Canal Court' },
      ],
      { total: 2, page: 1, page_size: 100 },
    ),
    'GET /units': (request) => {
      const buildingId = request.query.get('building_id');
      const units = [apartment, shop].filter((unit) => !buildingId || unit.building_id === buildingId);
      return ok(units, { total: units.length, page: 1, page_size: 25 });
    },
    ...routes,
  });
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('unit list', () => {
  it('lists every unit with its building, floor and member count, linking to the unit', async () => {
    const requests = api(accountWire({ is_superadmin: true }));
    await renderApp('/units');
    await screen.findByRole('link', { name: 'Apartment 3B' });
    expect(within(row('Apartment 3B')).getByText('Harbour House')).toBeInTheDocument();
    expect(within(row('Apartment 3B')).getByText('3')).toBeInTheDocument();
    expect(within(row('Shop')).getByText('Canal Court')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apartment 3B' })).toHaveAttribute('href', UNIT);
    expect(requests.calls('GET /units')[0]?.query.get('building_id')).toBeNull();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('keeps the search in the URL and asks the server for it', async () => {
    const requests = api(accountWire({ is_superadmin: true }));
    const { user, router } = await renderApp('/units');
    await screen.findByRole('link', { name: 'Shop' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'apart');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'apart' }));
    await waitFor(() =>
      expect(requests.calls('GET /units').some((request) => request.query.get('search') === 'apart')).toBe(
        true,
      ),
    );
  });

  it('filters by building, in the URL', async () => {
    const requests = api(accountWire({ is_superadmin: true }));
    const { user, router } = await renderApp('/units');
    await screen.findByRole('link', { name: 'Shop' });
    await user.click(screen.getByRole('combobox', { name: 'Building' }));
    await user.click(await screen.findByRole('option', { name: 'Canal Court' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ building_id: OTHER_BUILDING_ID }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Apartment 3B' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Shop' })).toBeInTheDocument();
    expect(requests.calls('GET /units').at(-1)?.query.get('building_id')).toBe(OTHER_BUILDING_ID);
  });

  it('shows the empty state and a load error', async () => {
    api(managerAccountWire(), { 'GET /units': ok([], { total: 0, page: 1, page_size: 25 }) });
    const first = await renderApp('/units');
    expect(await screen.findByText('No units yet')).toBeInTheDocument();
    first.unmount();
    api(managerAccountWire(), { 'GET /units': fail(500, [{ code: 'internal_error', message: 'Boom' }]) });
    await renderApp('/units');
    expect(await screen.findByText('The units could not be loaded.')).toBeInTheDocument();
  });
});

describe("a building's units", () => {
  it('lists only the building’s units, with links that keep the building, and "New unit" for a manager', async () => {
    const requests = api();
    await renderApp(`/buildings/${BUILDING_ID}/units`);
    await screen.findByRole('link', { name: 'Apartment 3B' });
    expect(screen.queryByRole('link', { name: 'Shop' })).not.toBeInTheDocument();
    expect(requests.calls('GET /units')[0]?.query.get('building_id')).toBe(BUILDING_ID);
    expect(screen.getByRole('link', { name: 'Apartment 3B' })).toHaveAttribute(
      'href',
      `${UNIT}?building=${BUILDING_ID}`,
    );
    expect(screen.getByRole('link', { name: 'New unit' })).toHaveAttribute(
      'href',
      `/buildings/${BUILDING_ID}/units/new`,
    );
    expect(breadcrumbLabels()).toEqual(['Buildings', 'Harbour House', 'Units']);
  });

  it('offers no "New unit" to a member', async () => {
    api(accountWire());
    await renderApp(`/buildings/${BUILDING_ID}/units`);
    await screen.findByRole('link', { name: 'Apartment 3B' });
    expect(screen.queryByRole('link', { name: 'New unit' })).not.toBeInTheDocument();
  });

  it('creates a unit and opens it under the building', async () => {
    const created = unitWire({ id: OTHER_UNIT_ID, name: 'Penthouse', floor: '12' });
    const requests = api(managerAccountWire(), { 'POST /units': { status: 201, body: ok(created).body } });
    const { user, router } = await renderApp(`/buildings/${BUILDING_ID}/units/new`);
    await user.click(await screen.findByRole('button', { name: 'Create unit' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(requests.calls('POST /units')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name/), ' Penthouse ');
    await user.type(screen.getByLabelText(/^Floor/), '12');
    await user.click(screen.getByRole('button', { name: 'Create unit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/units/${OTHER_UNIT_ID}`));
    expect(router.state.location.search).toEqual({ building: BUILDING_ID });
    expect(requests.calls('POST /units')[0]?.body).toEqual({
      building_id: BUILDING_ID,
      name: 'Penthouse',
      floor: '12',
    });
  });

  it('says a name is taken (409) next to the name', async () => {
    api(managerAccountWire(), {
      'POST /units': fail(409, [{ code: 'conflict', message: 'The building has a unit of that name' }]),
    });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/units/new`);
    await user.type(await screen.findByLabelText(/^Name/), 'Apartment 3B');
    await user.click(screen.getByRole('button', { name: 'Create unit' }));
    expect(await screen.findByText('This building already has a unit with this name.')).toBeInTheDocument();
  });
});

describe('unit detail', () => {
  const withSchedules = unitWire({
    building_doors: [doorWire(), doorWire({ id: OTHER_DOOR_ID, name: 'Bike shed', is_entrance: false })],
    entry_schedules: [entryScheduleWire({ time_start: '22:00', time_end: '02:00', active_now: false })],
  });

  function unitApi(account = managerAccountWire(), routes: Routes = {}) {
    return api(account, { [`GET ${UNIT}`]: ok(withSchedules), ...routes });
  }

  it('titles the page with the unit and shows each door with its schedule or "No access"', async () => {
    const requests = unitApi();
    await renderApp(`${UNIT}?building=${BUILDING_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Apartment 3B' })).toBeInTheDocument();
    expect(requests.calls(`GET ${UNIT}`)[0]?.query.get('preloads')).toBe('entry_schedules,building_doors');
    expect(breadcrumbLabels()).toEqual(['Buildings', 'Harbour House', 'Units', 'Apartment 3B']);

    const front = screen.getByText('Front door').closest('tr') as HTMLElement;
    expect(
      within(front).getByText('Mar 1, 2025 – Mar 31, 2025, 22:00–02:00 (across midnight)'),
    ).toBeInTheDocument();
    expect(within(front).getByText('Not active now')).toBeInTheDocument();
    expect(within(front).getByRole('link', { name: 'Entry schedule for Front door' })).toHaveAttribute(
      'href',
      `${UNIT}/entry_schedules/${DOOR_ID}?building=${BUILDING_ID}`,
    );
    const shed = screen.getByText('Bike shed').closest('tr') as HTMLElement;
    expect(within(shed).getByText('No access')).toBeInTheDocument();
    expect(within(shed).getByRole('link', { name: 'Entry schedule for Bike shed' })).toHaveTextContent(
      'Set up access',
    );

    const pages = screen.getByRole('navigation', { name: 'Unit pages' });
    expect(within(pages).getByRole('link', { name: /Members/ })).toHaveAttribute(
      'href',
      `${UNIT}/members?building=${BUILDING_ID}`,
    );
    expect(within(pages).getByRole('link', { name: /Visitors/ })).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: /Properties/ })).toBeInTheDocument();
  });

  it('shows an active schedule as "Active now"', async () => {
    unitApi(managerAccountWire(), {
      [`GET ${UNIT}`]: ok({ ...withSchedules, entry_schedules: [entryScheduleWire()] }),
    });
    await renderApp(UNIT);
    const front = (await screen.findByText('Front door')).closest('tr') as HTMLElement;
    expect(within(front).getByText('Active now')).toBeInTheDocument();
    expect(within(front).getByText('Mar 1, 2025 – Mar 31, 2025, 07:00–22:00')).toBeInTheDocument();
    expect(breadcrumbLabels()).toEqual(['Units', 'Apartment 3B']);
  });

  it('gives a member no properties link and no delete', async () => {
    unitApi(accountWire());
    await renderApp(UNIT);
    await screen.findByRole('heading', { level: 1, name: 'Apartment 3B' });
    const pages = screen.getByRole('navigation', { name: 'Unit pages' });
    expect(within(pages).queryByRole('link', { name: /Properties/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete unit' })).not.toBeInTheDocument();
  });

  it('deletes the unit after a confirmation', async () => {
    const requests = unitApi(managerAccountWire(), { [`DELETE ${UNIT}`]: ok(null) });
    const { user, router } = await renderApp(UNIT);
    await user.click(await screen.findByRole('button', { name: 'Delete unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Apartment 3B?' });
    expect(requests.calls(`DELETE ${UNIT}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete unit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/buildings/${BUILDING_ID}/units`));
    expect(requests.calls(`DELETE ${UNIT}`)).toHaveLength(1);
    expect(await screen.findByText('Apartment 3B has been deleted.')).toBeInTheDocument();
  });

  it('says when the unit no longer exists', async () => {
    unitApi(managerAccountWire(), {
      [`GET ${UNIT}`]: fail(404, [{ code: 'not_found', message: 'Unit not found' }]),
    });
    await renderApp(UNIT);
    expect(await screen.findByText('This no longer exists, or you may not see it.')).toBeInTheDocument();
  });
});

describe('unit properties', () => {
  const carla = memberWire({
    id: '01900000-0000-7000-8000-0000000000c2',
    user: {
      id: '01900000-0000-7000-8000-000000000003',
      email: 'carla@example.com',
      first_name: 'Carla',
      last_name: 'Bakker',
      invite_pending: false,
      phone: null,
    },
  });
  const withMembers = unitWire({
    delegate_user_id: OTHER_USER_ID,
    members_user: [memberWire(), carla],
    delegate_user: {
      id: OTHER_USER_ID,
      email: 'piet@example.com',
      first_name: 'Piet',
      last_name: 'Jansen',
      invite_pending: false,
    },
    alt_delegate_user: null,
  });

  it('edits the name, floor and delegates chosen from the members', async () => {
    const requests = api(managerAccountWire(), {
      [`GET ${UNIT}`]: ok(withMembers),
      [`PUT ${UNIT}`]: (request) => ok({ ...withMembers, ...(request.body as object) }),
    });
    const { user } = await renderApp(`${UNIT}/properties`);
    const delegate = await screen.findByRole('combobox', { name: 'Delegate' });
    expect(requests.calls(`GET ${UNIT}`)[0]?.query.get('preloads')).toBe(
      'members_user,delegate_user,alt_delegate_user',
    );
    expect(delegate).toHaveValue('Piet Jansen');
    await user.click(screen.getByRole('combobox', { name: 'Alternate delegate' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Carla Bakker', 'Piet Jansen']);
    await user.click(screen.getByRole('option', { name: 'Carla Bakker' }));
    await user.clear(screen.getByLabelText(/^Floor/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${UNIT}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${UNIT}`)[0]?.body).toEqual({
      name: 'Apartment 3B',
      floor: null,
      kone_area_id: null,
      delegate_user_id: OTHER_USER_ID,
      alt_delegate_user_id: '01900000-0000-7000-8000-000000000003',
    });
    expect(await screen.findByText('The unit has been saved.')).toBeInTheDocument();
  });

  it('shows a server error next to the delegate', async () => {
    api(managerAccountWire(), {
      [`GET ${UNIT}`]: ok(withMembers),
      [`PUT ${UNIT}`]: fail(422, [
        {
          code: 'validation_failed',
          message: 'A delegate must be a member of the unit',
          field: 'delegate_user_id',
        },
      ]),
    });
    const { user } = await renderApp(`${UNIT}/properties`);
    await screen.findByRole('combobox', { name: 'Delegate' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Delegate' })).toHaveAttribute('aria-invalid', 'true'),
    );
  });

  it('is forbidden (403) to a plain member', async () => {
    api(accountWire(), { [`GET ${UNIT}`]: ok(withMembers) });
    await renderApp(`${UNIT}/properties`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
  });
});
