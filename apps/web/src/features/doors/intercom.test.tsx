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
  intercomWire,
  managerAccountWire,
} from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const DOOR = `/buildings/${BUILDING_ID}/doors/${DOOR_ID}`;
const INTERCOM = `${DOOR}/intercom`;
const SUPERADMIN = accountWire({ is_superadmin: true });

function api(
  account: ReturnType<typeof accountWire>,
  routes: Record<string, RouteHandler | ReturnType<typeof ok>>,
) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET /buildings/${BUILDING_ID}`]: ok(buildingWire()),
    [`GET ${DOOR}`]: ok(doorWire()),
    ...routes,
  });
}

const NOT_FOUND = fail(404, [{ code: 'not_found', message: 'This door has no intercom' }]);

describe('intercom page', () => {
  it('shows an empty state with "Add intercom" when the door has none (404)', async () => {
    api(managerAccountWire(), { [`GET ${INTERCOM}`]: NOT_FOUND });
    await renderApp(INTERCOM);
    expect(await screen.findByText('This door has no intercom')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add intercom' })).toHaveAttribute('href', `${INTERCOM}/new`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The breadcrumbs name the building and the door.
    expect(screen.getByRole('link', { name: 'Front door' })).toHaveAttribute('href', DOOR);
  });

  it('is not readable by a member (403)', async () => {
    api(accountWire(), { [`GET ${INTERCOM}`]: ok(intercomWire()) });
    await renderApp(INTERCOM);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
  });

  it('lets a manager edit name and model only: no credential fields, none sent', async () => {
    const requests = api(managerAccountWire(), {
      [`GET ${INTERCOM}`]: ok(intercomWire()),
      [`PUT ${INTERCOM}`]: ok(intercomWire({ name: 'Hall panel' })),
    });
    const { user } = await renderApp(INTERCOM);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby panel' })).toBeInTheDocument();
    const edit = screen.getByRole('region', { name: 'Edit intercom' });
    expect(within(edit).queryByLabelText('Device account email')).not.toBeInTheDocument();
    expect(within(edit).queryByLabelText(/Device account password/)).not.toBeInTheDocument();
    expect(document.querySelector('input[type="password"]')).toBeNull();
    // The email is shown, read only.
    expect(screen.getByRole('region', { name: 'Intercom' })).toHaveTextContent('intercom@example.com');

    const name = within(edit).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Hall panel');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${INTERCOM}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${INTERCOM}`)[0]?.body).toEqual({ name: 'Hall panel', model: '2N IP Verso' });
    expect(await screen.findByText('The intercom has been saved.')).toBeInTheDocument();
  });

  it('lets a superadmin change the device account email and password', async () => {
    const requests = api(SUPERADMIN, {
      [`GET ${INTERCOM}`]: ok(intercomWire()),
      [`PUT ${INTERCOM}`]: ok(intercomWire({ email: 'panel@example.com' })),
    });
    const { user } = await renderApp(INTERCOM);
    const edit = await screen.findByRole('region', { name: 'Edit intercom' });
    const email = within(edit).getByLabelText('Device account email');
    expect(email).toHaveValue('intercom@example.com');
    await user.clear(email);
    await user.type(email, 'panel@example.com');
    await user.type(within(edit).getByLabelText(/Device account password/), 'short');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await within(edit).findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(requests.calls(`PUT ${INTERCOM}`)).toHaveLength(0);

    await user.type(within(edit).getByLabelText(/Device account password/), ' enough');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${INTERCOM}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${INTERCOM}`)[0]?.body).toEqual({
      name: 'Lobby panel',
      model: '2N IP Verso',
      email: 'panel@example.com',
      password: 'short enough',
    });
  });

  it('deletes the intercom after a confirmation', async () => {
    const requests = api(managerAccountWire(), {
      [`GET ${INTERCOM}`]: ok(intercomWire()),
      [`DELETE ${INTERCOM}`]: ok(null),
    });
    const { user, router } = await renderApp(INTERCOM);
    await user.click(await screen.findByRole('button', { name: 'Delete intercom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this intercom?' });
    expect(requests.calls(`DELETE ${INTERCOM}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete intercom' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DOOR));
    expect(requests.calls(`DELETE ${INTERCOM}`)).toHaveLength(1);
  });
});

describe('new intercom', () => {
  it('creates the intercom with its device account, then shows it', async () => {
    let created = false;
    const requests = api(managerAccountWire(), {
      [`GET ${INTERCOM}`]: () => (created ? ok(intercomWire()) : NOT_FOUND),
      [`POST ${INTERCOM}`]: () => {
        created = true;
        return ok(intercomWire());
      },
    });
    const { user, router } = await renderApp(`${INTERCOM}/new`);
    await user.click(await screen.findByRole('button', { name: 'Add intercom' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(requests.calls(`POST ${INTERCOM}`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Lobby panel');
    await user.type(screen.getByLabelText('Model'), '2N IP Verso');
    await user.type(screen.getByLabelText(/Device account email/), 'Intercom@Example.com');
    await user.type(screen.getByLabelText(/Device account password/), 'long secret');
    await user.click(screen.getByRole('button', { name: 'Add intercom' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(INTERCOM));
    expect(requests.calls(`POST ${INTERCOM}`)[0]?.body).toEqual({
      name: 'Lobby panel',
      model: '2N IP Verso',
      email: 'intercom@example.com',
      password: 'long secret',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lobby panel' })).toBeInTheDocument();
  });
});
