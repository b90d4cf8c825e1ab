import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { isLoggedIn } from '../../lib/token-service';
import { fail, mockApi, ok, type RecordedRequest } from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire, sessionWire } from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

/** A fake account endpoint that keeps what PUT sends, as the server would. */
function accountApi(extra: Parameters<typeof mockApi>[0] = {}) {
  let account = accountWire();
  return mockApi({
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /me/account': () => ok({ account }),
    'PUT /me/account': (request: RecordedRequest) => {
      const body = request.body as Record<string, unknown>;
      const {
        current_password: _current,
        password: _password,
        password_confirmation: _confirm,
        email,
        ...rest
      } = body;
      account = { ...account, ...rest, ...(email ? { pending_email: email as string } : {}) };
      return ok({ account });
    },
    'GET /me/sessions': ok([]),
    'GET /me/oauth2_authorizations': ok([]),
    ...extra,
  });
}

async function openProfile() {
  const app = await renderApp('/profile');
  await screen.findByRole('region', { name: 'Personal details' });
  return app;
}

describe('personal details', () => {
  it('normalises the phone number on leaving the field and sends it normalised', async () => {
    const api = accountApi();
    const { user } = await openProfile();
    const details = screen.getByRole('region', { name: 'Personal details' });
    const phone = within(details).getByLabelText('Phone number');
    await user.type(phone, '06 1234 5678');
    await user.tab();
    expect(phone).toHaveValue('+31612345678');

    await user.clear(within(details).getByLabelText('First name'));
    await user.type(within(details).getByLabelText('First name'), 'Janet');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /me/account')).toHaveLength(1));
    expect(api.calls('PUT /me/account')[0]?.body).toEqual({
      first_name: 'Janet',
      last_name: 'Doe',
      phone: '+31612345678',
    });
    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
  });

  it('sends an empty or "+31" phone as no phone (null)', async () => {
    const api = accountApi();
    const { user } = await openProfile();
    const details = screen.getByRole('region', { name: 'Personal details' });
    await user.type(within(details).getByLabelText('Phone number'), '+31');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /me/account')).toHaveLength(1));
    expect(api.calls('PUT /me/account')[0]?.body).toMatchObject({ phone: null });
  });

  it('refuses free text in the phone field', async () => {
    const api = accountApi();
    const { user } = await openProfile();
    const details = screen.getByRole('region', { name: 'Personal details' });
    await user.type(within(details).getByLabelText('Phone number'), 'call me');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await within(details).findByText(/A phone number may contain only digits/)).toBeInTheDocument();
    expect(api.calls('PUT /me/account')).toHaveLength(0);
  });

  it('shows server validation errors next to their field', async () => {
    accountApi({
      'PUT /me/account': fail(422, [
        { code: 'validation_failed', message: 'is too long', field: 'last_name' },
      ]),
    });
    const { user } = await openProfile();
    const details = screen.getByRole('region', { name: 'Personal details' });
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    const lastName = within(details).getByLabelText('Last name');
    await waitFor(() => expect(lastName).toHaveAttribute('aria-invalid', 'true'));
    expect(within(details).getByText('is too long')).toBeInTheDocument();
    expect(document.querySelector('[data-toast="error"]')).toHaveTextContent('Last name: is too long');
  });
});

describe('language', () => {
  it('switches the dashboard language and saves the locale', async () => {
    const api = accountApi();
    const { user } = await openProfile();
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Nederlands' }));
    await waitFor(() => expect(i18n.language).toBe('nl'));
    expect(await screen.findByRole('region', { name: 'Persoonlijke gegevens' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('PUT /me/account')).toHaveLength(1));
    expect(api.calls('PUT /me/account')[0]?.body).toEqual({ locale: 'nl' });
  });
});

describe('password', () => {
  it('shows an error when the confirmation does not match and sends nothing', async () => {
    const api = accountApi();
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Password' });
    await user.type(within(section).getByLabelText('Current password'), 'old secret');
    await user.type(within(section).getByLabelText('New password'), 'new secret 1');
    await user.type(within(section).getByLabelText('Confirm password'), 'new secret 2');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.calls('PUT /me/account')).toHaveLength(0);
  });

  it('sends current, new and confirmation when they match', async () => {
    const api = accountApi();
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Password' });
    await user.type(within(section).getByLabelText('Current password'), 'old secret');
    await user.type(within(section).getByLabelText('New password'), 'new secret 1');
    await user.type(within(section).getByLabelText('Confirm password'), 'new secret 1');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(api.calls('PUT /me/account')).toHaveLength(1));
    expect(api.calls('PUT /me/account')[0]?.body).toEqual({
      current_password: 'old secret',
      password: 'new secret 1',
      password_confirmation: 'new secret 1',
    });
  });
});

describe('email', () => {
  it('asks for the current password and tells the user to open the confirmation mail', async () => {
    const api = accountApi();
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Email address' });
    await user.type(within(section).getByLabelText('New email address'), 'jane.new@example.com');
    await user.type(within(section).getByLabelText('Current password'), 'old secret');
    await user.click(within(section).getByRole('button', { name: 'Change email address' }));
    expect(
      await within(section).findByText(
        'We have sent a confirmation link to jane.new@example.com. Your email address changes once you open it.',
      ),
    ).toBeInTheDocument();
    expect(api.calls('PUT /me/account')[0]?.body).toEqual({
      email: 'jane.new@example.com',
      current_password: 'old secret',
    });
  });
});

describe('two-factor authentication', () => {
  it('enrols: password, QR code and manual key, a code, then the recovery codes once', async () => {
    const api = accountApi({
      'POST /me/account/mfa/totp': ok({
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/x',
        qr_code: QR,
      }),
      'POST /me/account/mfa/totp/confirm': ok({ recovery_codes: ['aaaa-bbbb', 'cccc-dddd', 'eeee-ffff'] }),
    });
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Two-factor authentication' });
    await user.click(within(section).getByRole('button', { name: 'Set up two-factor authentication' }));
    await user.type(within(section).getByLabelText('Current password'), 'old secret');
    await user.click(within(section).getByRole('button', { name: 'Continue' }));

    const qr = await within(section).findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(qr).toHaveAttribute('src', QR);
    expect(within(section).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(api.calls('POST /me/account/mfa/totp')[0]?.body).toEqual({ current_password: 'old secret' });

    await user.type(within(section).getByLabelText('6-digit code'), '12a');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(section).findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /me/account/mfa/totp/confirm')).toHaveLength(0);

    await user.clear(within(section).getByLabelText('6-digit code'));
    await user.type(within(section).getByLabelText('6-digit code'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));

    const codes = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaa-bbbb', 'cccc-dddd', 'eeee-ffff']);
    expect(within(section).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    expect(api.calls('POST /me/account/mfa/totp/confirm')[0]?.body).toEqual({ code: '123456' });

    await user.click(within(section).getByRole('button', { name: 'I have saved my codes' }));
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off with a code instead of the password', async () => {
    const api = accountApi({
      'GET /me/account': ok({ account: accountWire({ mfa_enabled: true }) }),
      'DELETE /me/account/mfa/totp': ok({ account: accountWire({ mfa_enabled: false }) }),
    });
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Two-factor authentication' });
    expect(within(section).getByText('Two-factor authentication is on.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Turn off two-factor authentication' }));
    await user.click(within(section).getByRole('radio', { name: 'Code' }));
    await user.type(within(section).getByLabelText('Authentication code'), '654321');
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(api.calls('DELETE /me/account/mfa/totp')).toHaveLength(1));
    expect(api.calls('DELETE /me/account/mfa/totp')[0]?.body).toEqual({ code: '654321' });
    expect(
      await within(section).findByRole('button', { name: 'Set up two-factor authentication' }),
    ).toBeInTheDocument();
  });
});

describe('sessions', () => {
  const current = sessionWire({
    id: 's-current',
    current: true,
    user_agent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    ip: '198.51.100.7',
  });
  const other = sessionWire({ id: 's-other', current: false });

  it('lists the sessions with device, IP, last use and a marker for this device', async () => {
    accountApi({ 'GET /me/sessions': ok([other, current]) });
    await openProfile();
    const section = screen.getByRole('region', { name: 'Sessions' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Safari on macOS')).toBeInTheDocument();
    expect(within(first).getByText('This device')).toBeInTheDocument();
    expect(within(first).getByText('IP address: 198.51.100.7')).toBeInTheDocument();
    expect(within(second).getByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(second).queryByText('This device')).not.toBeInTheDocument();
    expect(within(second).getByText(/^Last used: .*2025/)).toBeInTheDocument();
  });

  it('ends another session', async () => {
    let sessions = [current, other];
    const api = accountApi({
      'GET /me/sessions': () => ok(sessions),
      'DELETE /me/sessions/s-other': () => {
        sessions = [current];
        return ok(null);
      },
    });
    const { user } = await openProfile();
    const section = screen.getByRole('region', { name: 'Sessions' });
    await user.click(await within(section).findByRole('button', { name: 'End session: Firefox on Linux' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls('DELETE /me/sessions/s-other')).toHaveLength(1);
    expect(isLoggedIn()).toBe(true);
  });

  it('logs out when the current session is ended', async () => {
    const api = accountApi({
      'GET /me/sessions': ok([current, other]),
      'DELETE /me/sessions/s-current': ok(null),
    });
    const { user, router } = await openProfile();
    const section = screen.getByRole('region', { name: 'Sessions' });
    await user.click(await within(section).findByRole('button', { name: 'End session: Safari on macOS' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.calls('DELETE /me/sessions/s-current')).toHaveLength(1);
    expect(isLoggedIn()).toBe(false);
  });
});

describe('log out', () => {
  it('ends the session on the server and logs out locally, even when the server fails', async () => {
    const api = accountApi({
      'DELETE /me/current_session': fail(503, [{ code: 'unavailable', message: 'Down' }]),
    });
    const { user, router } = await openProfile();
    const main = screen.getByRole('main');
    const buttons = within(main).getAllByRole('button', { name: 'Log out' });
    await user.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.calls('DELETE /me/current_session')).toHaveLength(1);
    expect(isLoggedIn()).toBe(false);
    expect(localStorage.getItem('authStatus')).toBeNull();
  });
});
