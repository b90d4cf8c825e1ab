import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isLoggedIn } from '../../lib/token-service';
import { fail, mockApi, ok } from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire, tokensWire } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const base = {
  'GET /app_config': ok(APP_CONFIG_WIRE),
  'GET /me/account': ok({ account: accountWire() }),
};

describe('login', () => {
  it('shows a validation error for a bad email and sends nothing', async () => {
    const api = mockApi({ ...base, 'POST /me/current_session': ok(tokensWire()) });
    const { user } = await renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email address'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /me/current_session')).toHaveLength(0);
  });

  it('shows the server error and stays logged out', async () => {
    mockApi({
      ...base,
      'POST /me/current_session': fail(401, [
        { code: 'invalid_credentials', message: 'Invalid credentials' },
      ]),
    });
    const { user, router } = await renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email address'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The email address or password is not correct.')).toBeInTheDocument();
    expect(document.querySelector('[data-toast="error"] svg')).not.toBeNull();
    expect(isLoggedIn()).toBe(false);
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('logs in with the cookie transport and goes back to the redirect target', async () => {
    const api = mockApi({ ...base, 'POST /me/current_session': ok(tokensWire()) });
    const { user, router } = await renderApp('/auth/login?redirect=%2Fprofile');
    await user.type(await screen.findByLabelText('Email address'), ' Jane@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(api.calls('POST /me/current_session')[0]?.body).toEqual({
      email: 'jane@example.com',
      password: 'correct horse',
      token_signature_transport: 'cookie_only',
    });
    expect(isLoggedIn()).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  it('ignores a redirect that leaves the app', async () => {
    mockApi({ ...base, 'POST /me/current_session': ok(tokensWire()) });
    const { user, router } = await renderApp('/auth/login?redirect=%2F%2Fevil.example%2F');
    await user.type(await screen.findByLabelText('Email address'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks for the authenticator code when MFA is required, then signs in', async () => {
    const api = mockApi({
      ...base,
      'POST /me/current_session': ok({ mfa_required: true, mfa_token: 'mfa-123' }),
      'POST /me/current_session/mfa': (request) =>
        (request.body as { code: string }).code === '123456'
          ? ok(tokensWire())
          : fail(401, [{ code: 'mfa_invalid', message: 'Invalid code' }]),
    });
    const { user, router } = await renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email address'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' }),
    ).toBeInTheDocument();
    expect(isLoggedIn()).toBe(false);
    const code = screen.getByLabelText('Authentication code');

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct or has expired.')).toBeInTheDocument();
    expect(isLoggedIn()).toBe(false);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls('POST /me/current_session/mfa')[1]?.body).toEqual({
      mfa_token: 'mfa-123',
      code: '123456',
      token_signature_transport: 'cookie_only',
    });
    expect(isLoggedIn()).toBe(true);
  });

  it('accepts a recovery code in the MFA step and refuses a too short code', async () => {
    const api = mockApi({
      ...base,
      'POST /me/current_session': ok({ mfa_required: true, mfa_token: 'mfa-123' }),
      'POST /me/current_session/mfa': ok(tokensWire()),
    });
    const { user } = await renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email address'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app or a recovery code.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /me/current_session/mfa')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, 'abcd-efgh-ijkl');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(isLoggedIn()).toBe(true));
    expect(api.calls('POST /me/current_session/mfa')[0]?.body).toMatchObject({ code: 'abcd-efgh-ijkl' });
  });
});

describe('forgot password', () => {
  it('shows the same confirmation whatever the email', async () => {
    const api = mockApi({ ...base, 'POST /me/account/reset_password': ok(null) });
    const { user } = await renderApp('/auth/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await user.type(await screen.findByLabelText('Email address'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText(
        'If an account exists for this email address, we have sent a link to choose a new password.',
      ),
    ).toBeInTheDocument();
    expect(api.calls('POST /me/account/reset_password')[0]?.body).toEqual({ email: 'nobody@example.com' });
  });
});

describe('reset password', () => {
  it('posts the new password with the token from the link', async () => {
    const api = mockApi({ ...base, 'POST /me/account/confirm_password_reset': ok(null) });
    const { user, router } = await renderApp('/auth/reset_password?token=tok-1');
    await user.type(await screen.findByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm password'), 'another password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.calls('POST /me/account/confirm_password_reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.calls('POST /me/account/confirm_password_reset')[0]?.body).toEqual({
      password: 'a new password',
      token: 'tok-1',
    });
  });

  it('explains a link without token', async () => {
    mockApi(base);
    await renderApp('/auth/reset_password');
    expect(await screen.findByText('This link is not complete')).toBeInTheDocument();
  });
});

describe('confirm invite', () => {
  it('sets name and password, then is signed in', async () => {
    const api = mockApi({ ...base, 'POST /me/account/confirm_invite': ok(tokensWire()) });
    const { user, router } = await renderApp('/auth/confirm_invite?token=inv-1');
    await user.type(await screen.findByLabelText('First name'), 'Jane');
    await user.type(screen.getByLabelText('Last name'), 'Doe');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText('Confirm password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(isLoggedIn()).toBe(true);
    expect(api.calls('POST /me/account/confirm_invite')[0]?.body).toEqual({
      token: 'inv-1',
      password: 'long enough',
      first_name: 'Jane',
      last_name: 'Doe',
      token_signature_transport: 'cookie_only',
    });
  });
});

describe('confirm email change', () => {
  it('asks a logged-out user to log in first, then confirms the new address', async () => {
    const api = mockApi({
      ...base,
      'POST /me/current_session': ok(tokensWire()),
      'POST /me/account/confirm_email_change': ok({ account: accountWire({ email: 'new@example.com' }) }),
    });
    const { user, router } = await renderApp('/auth/confirm_email_change?token=em-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    await user.type(await screen.findByLabelText('Email address'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Your email address is now new@example.com.')).toBeInTheDocument();
    expect(api.calls('POST /me/account/confirm_email_change')).toHaveLength(1);
    expect(api.calls('POST /me/account/confirm_email_change')[0]?.body).toEqual({ token: 'em-1' });
  });
});
