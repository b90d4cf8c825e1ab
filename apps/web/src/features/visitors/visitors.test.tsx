import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type RouteHandler } from '../../test/fetch-mock';
import {
  APP_CONFIG_WIRE,
  accountWire,
  BUILDING_ID,
  managerAccountWire,
  UNIT_ID,
  unitWire,
  VISITOR_ID,
  VISITOR_UUID,
  visitorWire,
} from '../../test/fixtures';
import { breadcrumbLabels, renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
});

const UNIT = `/units/${UNIT_ID}`;
const VISITORS = `${UNIT}/visitors`;
const VISITOR = `${VISITORS}/${VISITOR_ID}`;

const anna = visitorWire();
const LINK = `https://gatehouse.example/visitor/${VISITOR_UUID}`;

/** An invite-member of the unit: may manage its visitors, not its members. */
function inviteMemberAccount() {
  const account = accountWire();
  return {
    ...account,
    permission_props: { ...account.permission_props, u_invite_member_of_unit: [UNIT_ID] },
  };
}

type Routes = Record<string, RouteHandler | ReturnType<typeof ok>>;

function api(account = managerAccountWire(), routes: Routes = {}) {
  return mockApi({
    'GET /me/account': ok({ account }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET ${UNIT}`]: ok(unitWire()),
    [`GET ${VISITORS}`]: ok([
      anna,
      visitorWire({ id: '01900000-0000-7000-8000-000000000f02', name: 'Bram', state: 'upcoming' }),
      visitorWire({ id: '01900000-0000-7000-8000-000000000f03', name: 'Cor', state: 'expired' }),
      visitorWire({
        id: '01900000-0000-7000-8000-000000000f04',
        name: 'Dirk',
        state: 'revoked',
        revoked_at: '2025-03-10T12:00:00.000Z',
      }),
    ]),
    [`GET ${VISITOR}`]: ok(anna),
    ...routes,
  });
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('visitor list', () => {
  it('shows each visitor with the state of their link and its period in building time', async () => {
    api();
    await renderApp(`${VISITORS}?building=${BUILDING_ID}`);
    await screen.findByRole('link', { name: 'Anna de Vries' });
    expect(within(row('Anna de Vries')).getByText('Active').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'active',
    );
    expect(within(row('Bram')).getByText('Upcoming')).toBeInTheDocument();
    expect(within(row('Cor')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('Dirk')).getByText('Revoked')).toBeInTheDocument();
    // 09:00 UTC is 10:00 in Amsterdam in March.
    expect(
      within(row('Anna de Vries')).getByText('Mar 10, 2025, 10:00 AM – Mar 11, 2025, 10:00 AM'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New visitor' })).toHaveAttribute(
      'href',
      `${VISITORS}/new?building=${BUILDING_ID}`,
    );
    expect(breadcrumbLabels()).toEqual(['Buildings', 'Harbour House', 'Units', 'Apartment 3B', 'Visitors']);
  });

  it('lets a plain member see the visitors, read-only', async () => {
    api(accountWire());
    await renderApp(VISITORS);
    await screen.findByRole('link', { name: 'Anna de Vries' });
    expect(screen.queryByRole('link', { name: 'New visitor' })).not.toBeInTheDocument();
    expect(screen.getByText(/You can see the visitors of this unit/)).toBeInTheDocument();
  });

  it('lets an invite-member add visitors', async () => {
    api(inviteMemberAccount());
    await renderApp(VISITORS);
    expect(await screen.findByRole('link', { name: 'New visitor' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    api(managerAccountWire(), { [`GET ${VISITORS}`]: ok([]) });
    await renderApp(VISITORS);
    expect(await screen.findByText('No visitors yet')).toBeInTheDocument();
  });
});

describe('new visitor', () => {
  it('is forbidden (403) to a plain member', async () => {
    const requests = api(accountWire());
    await renderApp(`${VISITORS}/new`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error 403' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create visitor link' })).not.toBeInTheDocument();
    expect(requests.calls(`POST ${VISITORS}`)).toHaveLength(0);
  });

  it('is valid from now for 24 hours by default, in the building’s time, and opens the new visitor', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-10T10:00:42.000Z'));
    signIn();
    const requests = api(inviteMemberAccount(), {
      [`POST ${VISITORS}`]: (request) => ({
        status: 201,
        body: ok({ ...anna, ...(request.body as object) }).body,
      }),
    });
    const { user, router } = await renderApp(`${VISITORS}/new`);
    const from = await screen.findByRole('button', { name: /^Valid from/ });
    // Amsterdam is UTC+1 in March: the pickers show the building's wall clock.
    expect(from).toHaveTextContent('10 Mar 2025 11:00');
    expect(screen.getByRole('button', { name: /^Valid until/ })).toHaveTextContent('11 Mar 2025 11:00');
    expect(
      screen.getAllByText("Times in the building's time zone (Europe/Amsterdam).").length,
    ).toBeGreaterThan(0);

    await user.type(screen.getByLabelText(/^Name/), 'Anna de Vries');
    await user.type(screen.getByLabelText(/Email address/), 'Anna@Example.com');
    await user.click(screen.getByRole('button', { name: 'Create visitor link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(VISITOR));
    expect(
      await screen.findByText('A link for Anna de Vries has been created and mailed to anna@example.com.'),
    ).toBeInTheDocument();
    expect(requests.calls(`POST ${VISITORS}`)[0]?.body).toEqual({
      name: 'Anna de Vries',
      email: 'anna@example.com',
      phone: null,
      valid_from: '2025-03-10T10:00:00.000Z',
      valid_until: '2025-03-11T10:00:00.000Z',
    });
  });

  it('requires a name', async () => {
    const requests = api();
    const { user } = await renderApp(`${VISITORS}/new`);
    await user.click(await screen.findByRole('button', { name: 'Create visitor link' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(requests.calls(`POST ${VISITORS}`)).toHaveLength(0);
  });
});

describe('visitor detail', () => {
  it('shows the link as text and as a QR code of that link', async () => {
    api();
    await renderApp(VISITOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna de Vries' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Visitor link' })).toHaveValue(LINK);
    const qr = screen.getByRole('img', { name: 'QR code of the link for Anna de Vries' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('data-qr-value', LINK);
    // The modules are drawn as one path; an empty code would have none.
    const modules = qr.querySelectorAll('path');
    expect(modules.length).toBeGreaterThan(0);
    expect(Array.from(modules).some((path) => (path.getAttribute('d') ?? '').length > 100)).toBe(true);
  });

  it('copies the link', async () => {
    api();
    const { user } = await renderApp(VISITOR);
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(await screen.findByText('The link has been copied.')).toBeInTheDocument();
  });

  it('shares the link with the Web Share API where there is one, else copies it', async () => {
    api();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    try {
      const { user } = await renderApp(VISITOR);
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      expect(share.mock.calls[0]?.[0]).toMatchObject({
        url: LINK,
        title: 'Your door link for Harbour House',
      });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('falls back to copying when the browser cannot share', async () => {
    api();
    const { user } = await renderApp(VISITOR);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('The link has been copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });

  it('revokes the link after a confirmation, then restores it', async () => {
    const requests = api(managerAccountWire(), {
      [`PUT ${VISITOR}`]: (request) => {
        const revoked = (request.body as { revoked: boolean }).revoked;
        return ok(
          revoked
            ? { ...anna, state: 'revoked', revoked_at: '2025-03-10T12:00:00.000Z' }
            : { ...anna, state: 'active', revoked_at: null },
        );
      },
    });
    const { user } = await renderApp(VISITOR);
    await user.click(await screen.findByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the link of Anna de Vries?' });
    expect(requests.calls(`PUT ${VISITOR}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('The link of Anna de Vries has been revoked.')).toBeInTheDocument();
    expect(requests.calls(`PUT ${VISITOR}`)[0]?.body).toEqual({ revoked: true });
    expect(await screen.findByText('Revoked')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore link' }));
    await waitFor(() => expect(requests.calls(`PUT ${VISITOR}`)[1]?.body).toEqual({ revoked: false }));
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('mails the link again to a visitor with an email address', async () => {
    const requests = api(managerAccountWire(), { [`POST ${VISITOR}/resend_invite`]: ok(null) });
    const { user } = await renderApp(VISITOR);
    await user.click(await screen.findByRole('button', { name: 'Mail the link again' }));
    expect(await screen.findByText('The link has been mailed to anna@example.com.')).toBeInTheDocument();
    expect(requests.calls(`POST ${VISITOR}/resend_invite`)).toHaveLength(1);
  });

  it('offers no mail without an email address', async () => {
    api(managerAccountWire(), { [`GET ${VISITOR}`]: ok({ ...anna, email: null }) });
    await renderApp(VISITOR);
    await screen.findByRole('heading', { level: 1, name: 'Anna de Vries' });
    expect(screen.queryByRole('button', { name: 'Mail the link again' })).not.toBeInTheDocument();
  });

  it('deletes the visitor after a confirmation', async () => {
    const requests = api(managerAccountWire(), { [`DELETE ${VISITOR}`]: ok(null) });
    const { user, router } = await renderApp(VISITOR);
    await user.click(await screen.findByRole('button', { name: 'Delete visitor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Anna de Vries?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete visitor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(VISITORS));
    expect(requests.calls(`DELETE ${VISITOR}`)).toHaveLength(1);
  });

  it('shows a plain member the link but no way to change the visitor', async () => {
    api(accountWire());
    await renderApp(VISITOR);
    await screen.findByRole('heading', { level: 1, name: 'Anna de Vries' });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete visitor' })).not.toBeInTheDocument();
  });

  it('says when the visitor no longer exists', async () => {
    api(managerAccountWire(), {
      [`GET ${VISITOR}`]: fail(404, [{ code: 'not_found', message: 'Not found' }]),
    });
    await renderApp(VISITOR);
    expect(await screen.findByText('This no longer exists, or you may not see it.')).toBeInTheDocument();
  });
});
