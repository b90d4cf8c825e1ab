import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, BUILDING_ID, buildingWire, managerAccountWire } from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

/* The Salto KS site of a building, on the building properties form (decision 008). */

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const SITES = [
  { id: 'site-1', name: 'Canal house' },
  { id: 'site-2', name: 'Harbour offices' },
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

describe('Salto KS on the building properties', () => {
  it('links the building to a site chosen by name', async () => {
    const requests = api({ 'GET /saltoks/sites': ok(SITES) });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/properties`);
    const select = await screen.findByRole('combobox', { name: 'Salto KS site ID' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveAttribute('placeholder', 'Not linked');
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Canal house',
      'Harbour offices',
    ]);
    await user.click(screen.getByRole('option', { name: 'Harbour offices' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)).toHaveLength(1));
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toMatchObject({
      saltoks_site_id: 'site-2',
    });
    expect(await screen.findByText('The building has been saved.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Salto KS site ID' })).toHaveValue('Harbour offices');
  });

  it('shows the linked site by name, and unlinks it', async () => {
    const requests = api({
      [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire({ saltoks_site_id: 'site-1' })),
      'GET /saltoks/sites': ok(SITES),
    });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/properties`);
    const select = await screen.findByRole('combobox', { name: 'Salto KS site ID' });
    await waitFor(() => expect(select).toHaveValue('Canal house'));
    // Mantine hides its clear button from assistive technology; a pointer clicks it.
    await user.click(screen.getByLabelText('Unlink the Salto KS site'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)).toHaveLength(1));
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toMatchObject({ saltoks_site_id: null });
  });

  it('keeps a linked site Salto KS no longer lists', async () => {
    api({
      [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire({ saltoks_site_id: 'gone-site' })),
      'GET /saltoks/sites': ok(SITES),
    });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/properties`);
    const select = await screen.findByRole('combobox', { name: 'Salto KS site ID' });
    await waitFor(() => expect(select).toHaveValue('gone-site'));
    await user.click(select);
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it('lets the site id be typed when Salto KS is not set up on the server', async () => {
    const requests = api({
      'GET /saltoks/sites': fail(503, [
        {
          code: 'saltoks_not_configured',
          message: 'The Salto KS integration is not configured on this server',
        },
      ]),
    });
    const { user } = await renderApp(`/buildings/${BUILDING_ID}/properties`);
    expect(
      await screen.findByText(
        'Salto KS cannot be asked for its sites right now; type the Salto KS site ID.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Salto KS site ID' }), 'site-9');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)).toHaveLength(1));
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toMatchObject({
      saltoks_site_id: 'site-9',
    });
  });
});
