import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  MEMBER_ID,
  managerAccountWire,
  memberWire,
  UNIT_ID,
  unitWire,
} from '../../test/fixtures';
import { breadcrumbLabels, renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const UNIT = `/units/${UNIT_ID}`;
const MEMBERS = `${UNIT}/members`;
const MEMBER = `${MEMBERS}/${MEMBER_ID}`;
const INVITED_ID = '01900000-0000-7000-8000-0000000000c2';

const piet = memberWire();
const invited = memberWire({
  id: INVITED_ID,
  role: 'unit_manager',
  user: {
    id: '01900000-0000-7000-8000-000000000003',
    email: 'new@example.com',
    first_name: null,
    last_name: null,
    invite_pending: true,
    phone: null,
  },
});

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

function api(account = managerAccountWire(), routes: Routes = {}) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET ${UNIT}`]: ok(unitWire()),
    [`GET ${MEMBERS}`]: ok([piet, invited]),
    [`GET ${MEMBER}`]: ok(piet),
    [`GET ${MEMBERS}/${INVITED_ID}`]: ok(invited),
    ...routes,
  });
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('member list', () => {
  it('lists the members with email, phone, role and "invite pending", under the building crumb', async () => {
    api();
    await renderApp(`${MEMBERS}?building=${BUILDING_ID}`);
    await screen.findByRole('link', { name: 'Piet Jansen' });
    const pietRow = row('Piet Jansen');
    expect(within(pietRow).getByText('piet@example.com')).toBeInTheDocument();
    expect(within(pietRow).getByText('+31612345678')).toBeInTheDocument();
    expect(within(pietRow).getByText('Member')).toBeInTheDocument();
    expect(within(pietRow).queryByText('Invite pending')).not.toBeInTheDocument();
    // No name: the display name is the email (spec 3).
    const invitedRow = row('new@example.com');
    expect(within(invitedRow).getByText('Invite pending')).toBeInTheDocument();
    expect(within(invitedRow).getByText('Unit manager')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Piet Jansen' })).toHaveAttribute(
      'href',
      `${MEMBER}?building=${BUILDING_ID}`,
    );
    expect(breadcrumbLabels()).toEqual(['Buildings', 'Harbour House', 'Units', 'Apartment 3B', 'Members']);
    expect(screen.getByRole('link', { name: 'Add members' })).toBeInTheDocument();
  });

  it('shows a member the list without "Add members", and the empty state', async () => {
    api(accountWire(), { [`GET ${MEMBERS}`]: ok([]) });
    await renderApp(MEMBERS);
    expect(await screen.findByText('No members yet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add members' })).not.toBeInTheDocument();
  });
});

describe('inviting one member', () => {
  it('sends the email, name, phone normalised as spec 3 and the chosen role', async () => {
    const requests = api(managerAccountWire(), {
      [`POST ${MEMBERS}`]: { status: 201, body: ok(invited).body },
    });
    const { user, router } = await renderApp(`${MEMBERS}/new`);
    await user.type(await screen.findByLabelText(/Email address/), ' New@Example.com');
    await user.type(screen.getByLabelText('First name'), 'Nora');
    await user.type(screen.getByLabelText('Phone number'), '06 1234 5678');
    await user.tab();
    expect(screen.getByLabelText('Phone number')).toHaveValue('+31612345678');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Invite-member' }));
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MEMBERS));
    expect(requests.calls(`POST ${MEMBERS}`)[0]?.body).toEqual({
      email: 'new@example.com',
      first_name: 'Nora',
      last_name: null,
      phone: '+31612345678',
      role: 'invite_member',
    });
    expect(await screen.findByText('An invitation has been mailed to new@example.com.')).toBeInTheDocument();
  });

  it('checks the phone with the shared schema before sending', async () => {
    const requests = api();
    const { user } = await renderApp(`${MEMBERS}/new`);
    await user.type(await screen.findByLabelText(/Email address/), 'a@example.com');
    await user.type(screen.getByLabelText('Phone number'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByText(
        'A phone number may contain only digits, spaces, dashes, dots, parentheses and a leading +.',
      ),
    ).toBeInTheDocument();
    expect(requests.calls(`POST ${MEMBERS}`)).toHaveLength(0);
  });

  it('shows "already a member" (409) next to the email', async () => {
    api(managerAccountWire(), {
      [`POST ${MEMBERS}`]: fail(409, [
        { code: 'already_member', message: 'Already a member', field: 'email' },
      ]),
    });
    const { user } = await renderApp(`${MEMBERS}/new`);
    await user.type(await screen.findByLabelText(/Email address/), 'piet@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getAllByText('This person is already a member of this unit.').length).toBeGreaterThan(0);
  });

  it('is forbidden (403) to a plain member', async () => {
    api(accountWire());
    await renderApp(`${MEMBERS}/new`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
  });
});

describe('adding members from a CSV file', () => {
  const csv = new File(['email,first_name,last_name,phone,role\n'], 'members.csv', { type: 'text/csv' });
  const validation = {
    rows: [
      {
        row: 2,
        values: {
          email: 'anna@example.com',
          first_name: 'Anna',
          last_name: 'Smit',
          phone: '+31611111111',
          role: 'member',
        },
        errors: [],
      },
      {
        row: 3,
        values: { email: 'not-an-email', first_name: 'Bob', last_name: null, phone: null, role: 'member' },
        errors: [{ field: 'email', message: 'Enter a valid email address' }],
      },
      {
        row: 4,
        values: {
          email: 'cees@example.com',
          first_name: null,
          last_name: null,
          phone: null,
          role: 'unit_manager',
        },
        errors: [],
      },
    ],
    valid: 2,
    invalid: 1,
  };

  async function upload(routes: Routes = {}) {
    const requests = api(managerAccountWire(), {
      [`POST ${MEMBERS}/bulk_validate`]: ok(validation),
      ...routes,
    });
    const view = await renderApp(`${MEMBERS}/new`);
    await view.user.click(await screen.findByRole('tab', { name: 'Upload a CSV file' }));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await view.user.upload(input, csv);
    await screen.findByRole('table', { name: 'Rows of the file' });
    return { ...view, requests };
  }

  it('sends the file as form data and previews each row, highlighting the invalid ones', async () => {
    const { requests } = await upload();
    const sent = requests.calls(`POST ${MEMBERS}/bulk_validate`)[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);
    expect(((sent as FormData).get('file') as File).name).toBe('members.csv');

    expect(screen.getByText('2 valid, 1 with errors')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((tr) => tr.getAttribute('data-invalid'))).toEqual([null, 'true', null]);
    expect(within(rows[0] as HTMLElement).getByText('anna@example.com')).toBeInTheDocument();
    expect(
      within(rows[1] as HTMLElement).getByText('Email address: Enter a valid email address'),
    ).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Unit manager')).toBeInTheDocument();
    expect(screen.getByText(/Rows with errors are highlighted and will not be added/)).toBeInTheDocument();
  });

  it('adds only the valid rows, as shown, after a confirmation', async () => {
    const { user, router, requests } = await upload({
      [`POST ${MEMBERS}/bulk_create`]: { status: 201, body: ok([piet, invited]).body },
    });
    await user.click(screen.getByRole('button', { name: 'Add 2 members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 2 members?' });
    expect(within(dialog).getByText('1 row with errors is left out.')).toBeInTheDocument();
    expect(requests.calls(`POST ${MEMBERS}/bulk_create`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 members' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MEMBERS));
    expect(requests.calls(`POST ${MEMBERS}/bulk_create`)[0]?.body).toEqual({
      members: [
        {
          email: 'anna@example.com',
          first_name: 'Anna',
          last_name: 'Smit',
          phone: '+31611111111',
          role: 'member',
        },
        { email: 'cees@example.com', first_name: null, last_name: null, phone: null, role: 'unit_manager' },
      ],
    });
    expect(await screen.findByText('2 members have been added.')).toBeInTheDocument();
  });

  it('marks the rows a refused bulk create names (members.{i}.{field}) and sends nothing of them again', async () => {
    let attempt = 0;
    const { user, requests } = await upload({
      [`POST ${MEMBERS}/bulk_create`]: () => {
        attempt += 1;
        return attempt === 1
          ? fail(422, [{ code: 'validation_failed', message: 'Already a member', field: 'members.1.email' }])
          : { status: 201, body: ok([piet]).body };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add 2 members' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add 2 members' }),
    );
    expect(await screen.findByText('1 valid, 2 with errors')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    const cees = within(table).getByText('cees@example.com').closest('tr') as HTMLElement;
    expect(cees).toHaveAttribute('data-invalid', 'true');
    expect(within(cees).getByText('Email address: Already a member')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add 1 member' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add 1 member' }));
    await waitFor(() => expect(requests.calls(`POST ${MEMBERS}/bulk_create`)).toHaveLength(2));
    expect(requests.calls(`POST ${MEMBERS}/bulk_create`)[1]?.body).toEqual({
      members: [
        {
          email: 'anna@example.com',
          first_name: 'Anna',
          last_name: 'Smit',
          phone: '+31611111111',
          role: 'member',
        },
      ],
    });
  });

  it('refuses a file over 1 MB without sending it', async () => {
    const requests = api();
    const { user } = await renderApp(`${MEMBERS}/new`);
    await user.click(await screen.findByRole('tab', { name: 'Upload a CSV file' }));
    const big = new File(['x'.repeat(1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, big);
    expect(await screen.findByText('The file is larger than 1 MB.')).toBeInTheDocument();
    expect(requests.calls(`POST ${MEMBERS}/bulk_validate`)).toHaveLength(0);
  });
});

describe('member detail', () => {
  it('titles the page with the name and changes the role', async () => {
    const requests = api(managerAccountWire(), {
      [`PUT ${MEMBER}`]: (request) => ok({ ...piet, ...(request.body as object) }),
    });
    const { user } = await renderApp(MEMBER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Piet Jansen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Unit manager' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.calls(`PUT ${MEMBER}`)[0]?.body).toEqual({ role: 'unit_manager' }));
    expect(await screen.findByText('The role is now Unit manager.')).toBeInTheDocument();
    // An accepted invitation offers no resend.
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
  });

  it('resends a pending invitation', async () => {
    const requests = api(managerAccountWire(), { [`POST ${MEMBERS}/${INVITED_ID}/resend_invite`]: ok(null) });
    const { user } = await renderApp(`${MEMBERS}/${INVITED_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(
      await screen.findByText('The invitation has been mailed to new@example.com again.'),
    ).toBeInTheDocument();
    expect(requests.calls(`POST ${MEMBERS}/${INVITED_ID}/resend_invite`)).toHaveLength(1);
  });

  it('removes the member after a confirmation', async () => {
    const requests = api(managerAccountWire(), { [`DELETE ${MEMBER}`]: ok(null) });
    const { user, router } = await renderApp(MEMBER);
    await user.click(await screen.findByRole('button', { name: 'Remove member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Piet Jansen?' });
    expect(requests.calls(`DELETE ${MEMBER}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(MEMBERS));
    expect(requests.calls(`DELETE ${MEMBER}`)).toHaveLength(1);
  });

  it('shows a plain member the details only', async () => {
    api(accountWire());
    await renderApp(MEMBER);
    await screen.findByRole('heading', { level: 1, name: 'Piet Jansen' });
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove member' })).not.toBeInTheDocument();
  });
});
