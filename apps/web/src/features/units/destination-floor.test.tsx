import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  buildingWire,
  managerAccountWire,
  UNIT_ID,
  unitWire,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

/* A unit's destination floor for the elevator call on entry (decision 008). */

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const UNIT = `/units/${UNIT_ID}`;
const CONFIG = {
  building_id: '9990000951',
  group_id: '1',
  areas: [
    { id: '1000', name: 'L0', floor: 0, exit: true },
    { id: '2000', name: 'L1', floor: 1, exit: false },
    { id: '3000', name: 'L2', floor: 2, exit: false },
  ],
  raw: {},
};

function api(
  account = managerAccountWire(),
  routes: Record<string, RouteHandler | ReturnType<typeof ok>> = {},
) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire({ kone_building_id: '9990000951' })),
    [`GET ${UNIT}`]: ok(unitWire({ kone_area_id: '2000' })),
    'GET /kone/building_config': ok(CONFIG),
    [`PUT ${UNIT}`]: (request) => ok(unitWire(request.body as Parameters<typeof unitWire>[0])),
    ...routes,
  });
}

describe('destination floor on the unit properties', { timeout: 30_000 }, () => {
  it('offers the floors of the linked KONE building and saves the chosen one', async () => {
    const requests = api();
    const { user } = await renderApp(`${UNIT}/properties`);
    const select = await screen.findByRole('combobox', { name: /^Destination floor/ }, { timeout: 5000 });
    await waitFor(() => expect(select).toHaveValue('L1 (2000)'));
    expect(requests.calls('GET /kone/building_config')[0]?.query.get('building_id')).toBe('9990000951');
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'L0 (1000)',
      'L1 (2000)',
      'L2 (3000)',
    ]);
    await user.click(screen.getByRole('option', { name: 'L2 (3000)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${UNIT}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${UNIT}`)[0]?.body).toMatchObject({ kone_area_id: '3000' });
    expect(await screen.findByText('The unit has been saved.')).toBeInTheDocument();
  });

  it('lets the area id be typed when KONE cannot be asked', async () => {
    const requests = api(managerAccountWire(), {
      'GET /kone/building_config': fail(502, [{ code: 'kone_timeout', message: 'KONE did not answer' }]),
    });
    const { user } = await renderApp(`${UNIT}/properties`);
    const input = await screen.findByRole('textbox', { name: /^Destination floor/ }, { timeout: 5000 });
    expect(input).toHaveValue('2000');
    expect(
      screen.getByText('KONE cannot be asked for the floors right now; type the area ID.'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '4000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${UNIT}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${UNIT}`)[0]?.body).toMatchObject({ kone_area_id: '4000' });
  });

  it('is not shown for a building without a KONE link', async () => {
    const requests = api(managerAccountWire(), {
      [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire()),
    });
    await renderApp(`${UNIT}/properties`);
    await screen.findByRole('combobox', { name: 'Delegate' }, { timeout: 5000 });
    await waitFor(() => expect(requests.calls(`GET /buildings/${BUILDING_ID}`)).toHaveLength(1));
    expect(screen.queryByLabelText(/^Destination floor/)).not.toBeInTheDocument();
    expect(requests.calls('GET /kone/building_config')).toHaveLength(0);
  });

  it('is not shown to a unit manager, who may not read the building’s KONE floors', async () => {
    const permissions = accountWire().permission_props;
    const unitManager = accountWire({
      permission_props: {
        ...permissions,
        u_manager_of_unit: [UNIT_ID],
        u_manager_of_building: [BUILDING_ID],
        u_member_of_unit: [UNIT_ID],
        u_member_of_building: [BUILDING_ID],
      },
    });
    const requests = api(unitManager);
    await renderApp(`${UNIT}/properties`);
    expect(await screen.findByLabelText(/^Floor/, undefined, { timeout: 5000 })).toHaveValue('3');
    expect(screen.queryByLabelText(/^Destination floor/)).not.toBeInTheDocument();
    expect(requests.calls('GET /kone/building_config')).toHaveLength(0);
  });
});
