import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  DOOR_ID,
  doorWire,
  entryScheduleWire,
  managerAccountWire,
  UNIT_ID,
  unitWire,
} from '../../test/fixtures';
import { breadcrumbLabels, renderApp, signIn } from '../../test/render-app';

const UNIT = `/units/${UNIT_ID}`;
const SCHEDULES = `${UNIT}/entry_schedules`;
const SCHEDULE = `${SCHEDULES}/${DOOR_ID}`;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // 11:00 in Amsterdam (UTC+1 in March).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-10T10:00:00.000Z'));
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

const notFound = fail(404, [{ code: 'not_found', message: 'Entry schedule not found' }]);
const schedule = entryScheduleWire({ door: doorWire() });

/** A unit manager of the unit: changes windows, but does not grant or revoke doors. */
function unitManagerAccount() {
  const account = accountWire();
  return { ...account, permission_props: { ...account.permission_props, u_manager_of_unit: [UNIT_ID] } };
}

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

function api(account = managerAccountWire(), routes: Routes = {}) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET ${UNIT}`]: ok(unitWire({ building_doors: [doorWire()], entry_schedules: [] })),
    [`GET ${SCHEDULE}`]: ok(schedule),
    ...routes,
  });
}

const field = (label: RegExp) => screen.getByLabelText(label);

describe('no schedule yet', () => {
  it('is titled "Create entryschedule" and offers the default window in the building’s time zone', async () => {
    const requests = api(managerAccountWire(), {
      [`GET ${SCHEDULE}`]: notFound,
      [`POST ${SCHEDULES}`]: (request) => ({
        status: 201,
        body: ok(entryScheduleWire({ ...(request.body as object), active_now: true })).body,
      }),
    });
    const { user } = await renderApp(`${SCHEDULE}?building=${BUILDING_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create entryschedule' }),
    ).toBeInTheDocument();
    expect(breadcrumbLabels()).toEqual(['Buildings', 'Harbour House', 'Units', 'Apartment 3B', 'Front door']);
    expect(requests.calls(`GET ${SCHEDULE}`)[0]?.query.get('preloads')).toBe('door');

    // Today 00:00 to tomorrow 23:59, building time (core's defaultScheduleWindow).
    expect(screen.getByRole('button', { name: /^First day/ })).toHaveTextContent('10 Mar 2025');
    expect(screen.getByRole('button', { name: /^Last day/ })).toHaveTextContent('11 Mar 2025');
    expect(field(/^From/)).toHaveValue('00:00');
    expect(field(/^Until/)).toHaveValue('23:59');
    expect(screen.getByText('With these dates and times:').parentElement).toHaveTextContent('Active now');

    await user.click(screen.getByRole('button', { name: 'Create entry schedule' }));
    await waitFor(() => expect(requests.calls(`POST ${SCHEDULES}`)).toHaveLength(1));
    expect(requests.calls(`POST ${SCHEDULES}`)[0]?.body).toEqual({
      door_id: DOOR_ID,
      date_start: '2025-03-10',
      date_end: '2025-03-11',
      time_start: '00:00',
      time_end: '23:59',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Entry schedule' })).toBeInTheDocument();
    expect(screen.getByText('The unit may now open Front door.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Current schedule' })).toHaveTextContent(
      'Mar 10, 2025 – Mar 11, 2025, 00:00–23:59',
    );
  });

  it('tells a member without the right to grant doors that the unit has no access', async () => {
    api(accountWire(), { [`GET ${SCHEDULE}`]: notFound });
    await renderApp(SCHEDULE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create entryschedule' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No access')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create entry schedule' })).not.toBeInTheDocument();
  });

  it('shows a load error other than 404 instead of offering creation', async () => {
    api(managerAccountWire(), {
      [`GET ${SCHEDULE}`]: fail(500, [{ code: 'internal_error', message: 'Boom' }]),
    });
    await renderApp(SCHEDULE);
    expect(await screen.findByText('The entry schedule could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Entry schedule' })).toBeInTheDocument();
  });
});

describe('an existing schedule', () => {
  it('is titled "Entry schedule" and shows its window and whether it is active now', async () => {
    api();
    await renderApp(SCHEDULE);
    expect(await screen.findByRole('region', { name: 'Current schedule' })).toHaveTextContent(
      'Mar 1, 2025 – Mar 31, 2025, 07:00–22:00',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Entry schedule' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Current schedule' })).getByText('Active now'),
    ).toBeInTheDocument();
  });

  it('edits the window; an end before the start is explained as running across midnight', async () => {
    const requests = api(managerAccountWire(), {
      [`PUT ${SCHEDULE}`]: (request) =>
        ok({
          ...schedule,
          ...(request.body as object),
          active_now: false,
          updated_at: '2025-03-10T10:00:00.000Z',
        }),
    });
    const { user } = await renderApp(SCHEDULE);
    const form = await screen.findByRole('region', { name: 'Change the schedule' });
    expect(within(form).getByLabelText(/^From/)).toHaveValue('07:00');
    expect(screen.queryByText(/runs across midnight: each day/)).not.toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/^From/));
    await user.type(within(form).getByLabelText(/^From/), '22:00');
    await user.clear(within(form).getByLabelText(/^Until/));
    await user.type(within(form).getByLabelText(/^Until/), '02:00');
    expect(within(form).getByText(/each day from 22:00 until 02:00 the next morning/)).toBeInTheDocument();
    // 11:00 is outside 22:00–02:00.
    expect(within(form).getByText('With these dates and times:').parentElement).toHaveTextContent(
      'Not active now',
    );

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${SCHEDULE}`)).toHaveLength(1));
    expect(requests.calls(`PUT ${SCHEDULE}`)[0]?.body).toEqual({
      date_start: '2025-03-01',
      date_end: '2025-03-31',
      time_start: '22:00',
      time_end: '02:00',
    });
    expect(await screen.findByText('The entry schedule has been saved.')).toBeInTheDocument();
    const current = screen.getByRole('region', { name: 'Current schedule' });
    expect(current).toHaveTextContent('22:00–02:00 (across midnight)');
    expect(within(current).getByText('Not active now')).toBeInTheDocument();
  });

  it('checks the times with the shared schema', async () => {
    const requests = api();
    const { user } = await renderApp(SCHEDULE);
    const form = await screen.findByRole('region', { name: 'Change the schedule' });
    await user.clear(within(form).getByLabelText(/^Until/));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Use a time such as 08:30.')).toBeInTheDocument();
    expect(requests.calls(`PUT ${SCHEDULE}`)).toHaveLength(0);
  });

  it('revokes access after a confirmation, and then offers creation again', async () => {
    const requests = api(managerAccountWire(), { [`DELETE ${SCHEDULE}`]: ok(null) });
    const { user } = await renderApp(SCHEDULE);
    await user.click(await screen.findByRole('button', { name: 'Revoke access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access to Front door?' });
    expect(requests.calls(`DELETE ${SCHEDULE}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke access' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create entryschedule' }),
    ).toBeInTheDocument();
    expect(requests.calls(`DELETE ${SCHEDULE}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Create entry schedule' })).toBeInTheDocument();
  });

  it('lets a unit manager change the window but not revoke the door', async () => {
    api(unitManagerAccount());
    await renderApp(SCHEDULE);
    expect(await screen.findByRole('region', { name: 'Change the schedule' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke access' })).not.toBeInTheDocument();
  });

  it('shows a plain member the schedule only', async () => {
    api(accountWire());
    await renderApp(SCHEDULE);
    await screen.findByRole('region', { name: 'Current schedule' });
    expect(screen.queryByRole('region', { name: 'Change the schedule' })).not.toBeInTheDocument();
  });
});
