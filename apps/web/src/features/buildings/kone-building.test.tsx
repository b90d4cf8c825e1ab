import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, BUILDING_ID, buildingWire, managerAccountWire } from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

/* The KONE link and the elevator call on entry on the building properties form (decision 008). */

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const RESOURCES = [
  { id: 'building:9990000951', building_id: '9990000951' },
  { id: 'building:9990000952', building_id: '9990000952' },
];

function api(routes: Record<string, RouteHandler | ReturnType<typeof ok>>) {
  return mockApi({
    'GET /me/account': ok({ account: managerAccountWire() }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire()),
    [`PUT /buildings/${BUILDING_ID}`]: (request) =>
      ok(buildingWire(request.body as Parameters<typeof buildingWire>[0])),
    ...routes,
  });
}

// Whole-app renders with select dropdowns: slow on a busy machine.
describe('KONE on the building properties', { timeout: 30_000 }, () => {
  it('links the building to a KONE building from the list and turns on the elevator call', async () => {
    const requests = api({ 'GET /kone/resources': ok(RESOURCES) });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/properties`);
    const select = await screen.findByRole('combobox', { name: 'KONE building ID' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '9990000951',
      '9990000952',
    ]);
    await user.click(screen.getByRole('option', { name: '9990000951' }));
    const elevatorSwitch = screen.getByRole('switch', { name: /^Call the elevator on entry/ });
    expect(elevatorSwitch).not.toBeChecked();
    await user.click(elevatorSwitch);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)).toHaveLength(1));
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toMatchObject({
      kone_building_id: '9990000951',
      elevator_call_on_entry: true,
    });
    expect(await screen.findByText('The building has been saved.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Call the elevator on entry/ })).toBeChecked();
  });

  it('keeps a linked id KONE no longer lists, so saving does not drop it', async () => {
    const requests = api({
      [`GET /buildings/${BUILDING_ID}`]: ok(
        buildingWire({ kone_building_id: 'old-building', elevator_call_on_entry: true }),
      ),
      'GET /kone/resources': ok(RESOURCES),
    });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/properties`);
    const select = await screen.findByRole('combobox', { name: 'KONE building ID' });
    await waitFor(() => expect(select).toHaveValue('old-building'));
    expect(screen.getByRole('switch', { name: /^Call the elevator on entry/ })).toBeChecked();
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'old-building',
      '9990000951',
      '9990000952',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)).toHaveLength(1));
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toMatchObject({
      kone_building_id: 'old-building',
      elevator_call_on_entry: true,
    });
  });

  it('lets the id be typed when KONE is not set up on the server', async () => {
    const requests = api({
      'GET /kone/resources': fail(503, [
        { code: 'kone_not_configured', message: 'KONE is not set up on this server' },
      ]),
    });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/properties`);
    const input = await screen.findByRole('textbox', { name: 'KONE building ID' }, { timeout: 5000 });
    expect(
      screen.getByText('KONE cannot be asked for its buildings right now; type the KONE building ID.'),
    ).toBeInTheDocument();
    await user.type(input, 'kone-7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)).toHaveLength(1));
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toMatchObject({
      kone_building_id: 'kone-7',
      elevator_call_on_entry: false,
    });
  });
});
