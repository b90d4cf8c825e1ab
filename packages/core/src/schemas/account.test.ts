import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { PermissionPropsWire } from '../permissions.js';
import {
  accountDataSchema,
  accountSchema,
  accountUpdateBodySchema,
  confirmEmailChangeBodySchema,
  confirmInviteBodySchema,
  confirmPasswordResetBodySchema,
  permissionPropsWireSchema,
  resetPasswordBodySchema,
} from './account.js';

const ID = '01936f3e-7c4a-7b1e-9a2d-3f6e8c1b2a40';

const permissionProps = {
  is_superadmin: false,
  b_manager_of_building: [ID],
  b_manager_of_unit: [],
  u_manager_of_building: [],
  u_manager_of_unit: [],
  u_invite_member_of_building: [],
  u_invite_member_of_unit: [],
  u_member_of_building: [],
  u_member_of_unit: [],
};

const account = {
  id: ID,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: null,
  phone: '+31612345678',
  locale: 'nl',
  mfa_enabled: false,
  is_superadmin: false,
  pending_email: null,
  avatar_asset_id: null,
  avatar_url: null,
  inserted_at: '2025-01-01T08:00:00.000Z',
  updated_at: '2025-01-31T09:30:00.000Z',
  permission_props: permissionProps,
};

/** The field each issue is about, as the API's 422 reply names it. */
function issueFields(result: { error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('permissionPropsWireSchema', () => {
  it('accepts role data and matches the PermissionPropsWire type', () => {
    expect(permissionPropsWireSchema.parse(permissionProps)).toEqual(permissionProps);
    expectTypeOf<z.infer<typeof permissionPropsWireSchema>>().toExtend<PermissionPropsWire>();
  });

  it.each([
    ['a missing list', { ...permissionProps, u_member_of_unit: undefined }],
    ['an id that is not a UUID', { ...permissionProps, b_manager_of_unit: ['unit-1'] }],
    ['a missing superadmin flag', { ...permissionProps, is_superadmin: undefined }],
  ])('refuses %s', (_case, props) => {
    expect(permissionPropsWireSchema.safeParse(props).success).toBe(false);
  });
});

describe('accountSchema and accountDataSchema', () => {
  it('accepts an account', () => {
    expect(accountSchema.parse(account)).toEqual(account);
    expect(accountDataSchema.parse({ account })).toEqual({ account });
    expect(accountSchema.safeParse({ ...account, pending_email: 'new@example.com' }).success).toBe(true);
  });

  it.each([
    ['an unknown locale', { ...account, locale: 'de' }],
    ['a missing permission_props', { ...account, permission_props: undefined }],
    ['a date that is not ISO 8601', { ...account, updated_at: '31-01-2025' }],
    ['an email that is not one', { ...account, email: 'ada' }],
    ['a missing mfa flag', { ...account, mfa_enabled: undefined }],
  ])('refuses %s', (_case, reply) => {
    expect(accountSchema.safeParse(reply).success).toBe(false);
  });
});

describe('accountUpdateBodySchema', () => {
  it('accepts an empty update', () => {
    expect(accountUpdateBodySchema.parse({})).toEqual({});
  });

  it('trims names and normalises the phone number', () => {
    expect(
      accountUpdateBodySchema.parse({
        first_name: ' Ada ',
        last_name: 'Lovelace',
        phone: '06 1234 5678',
        locale: 'en',
      }),
    ).toEqual({ first_name: 'Ada', last_name: 'Lovelace', phone: '+31612345678', locale: 'en' });
  });

  it('turns blank names and phone numbers into null, which removes them', () => {
    expect(accountUpdateBodySchema.parse({ first_name: '  ', last_name: null, phone: '' })).toEqual({
      first_name: null,
      last_name: null,
      phone: null,
    });
  });

  it('accepts an email or password change with the current password', () => {
    const change = {
      email: 'New@Example.com',
      password: 'new password',
      password_confirmation: 'new password',
      current_password: 'old',
    };
    expect(accountUpdateBodySchema.parse(change)).toEqual({ ...change, email: 'new@example.com' });
  });

  it('refuses passwords that do not match, on password_confirmation', () => {
    const result = accountUpdateBodySchema.safeParse({
      password: 'new password',
      password_confirmation: 'new pasword',
      current_password: 'old',
    });
    expect(issueFields(result)).toEqual(['password_confirmation']);
    expect(result.error?.issues[0]?.message).toBe('Passwords do not match');
  });

  it('refuses a password without its confirmation, and a confirmation without a password', () => {
    const withoutConfirmation = accountUpdateBodySchema.safeParse({
      password: 'new password',
      current_password: 'x',
    });
    expect(issueFields(withoutConfirmation)).toEqual(['password_confirmation']);
    expect(issueFields(accountUpdateBodySchema.safeParse({ password_confirmation: 'x' }))).toEqual([
      'password_confirmation',
    ]);
  });

  it('requires the current password to change the email or the password, on current_password', () => {
    const emailChange = accountUpdateBodySchema.safeParse({ email: 'new@example.com' });
    expect(issueFields(emailChange)).toEqual(['current_password']);
    const passwordChange = accountUpdateBodySchema.safeParse({
      password: 'new password',
      password_confirmation: 'new password',
    });
    expect(issueFields(passwordChange)).toEqual(['current_password']);
  });

  it('reports field errors and refinements together', () => {
    const result = accountUpdateBodySchema.safeParse({ password: 'short', password_confirmation: 'other' });
    expect(issueFields(result).sort()).toEqual(['current_password', 'password', 'password_confirmation']);
  });

  it.each([
    ['an unknown field', { is_superadmin: true }, 'is_superadmin'],
    ['a camelCase field', { firstName: 'Ada' }, 'firstName'],
  ])('refuses %s', (_case, body, key) => {
    const result = accountUpdateBodySchema.safeParse(body);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: [key] }),
    ]);
  });

  it.each([
    ['a name over 100 characters', { first_name: 'x'.repeat(101) }, 'first_name'],
    ['an unknown locale', { locale: 'fr' }, 'locale'],
    ['an invalid phone number', { phone: '12345' }, 'phone'],
    ['an invalid email', { email: 'ada', current_password: 'x' }, 'email'],
    [
      'a new password that is too short',
      { password: 'short', password_confirmation: 'short', current_password: 'x' },
      'password',
    ],
    ['an empty current password', { current_password: '' }, 'current_password'],
  ])('refuses %s', (_case, body, field) => {
    expect(issueFields(accountUpdateBodySchema.safeParse(body))).toEqual([field]);
  });
});

describe('resetPasswordBodySchema', () => {
  it('accepts an email, normalised', () => {
    expect(resetPasswordBodySchema.parse({ email: 'Ada@Example.com ' })).toEqual({
      email: 'ada@example.com',
    });
  });

  it.each([{}, { email: 'ada' }, { email: 'ada@example.com', locale: 'nl' }])('refuses %j', (body) => {
    expect(resetPasswordBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('confirmPasswordResetBodySchema', () => {
  it('accepts a token and a new password', () => {
    const body = { password: 'new password', token: 'emailed-token' };
    expect(confirmPasswordResetBodySchema.parse(body)).toEqual(body);
  });

  it.each([
    { password: 'short', token: 'emailed-token' },
    { password: 'new password', token: '' },
    { password: 'new password' },
    { password: 'new password', token: 'emailed-token', password_confirmation: 'new password' },
  ])('refuses %j', (body) => {
    expect(confirmPasswordResetBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('confirmEmailChangeBodySchema', () => {
  it('accepts a token', () => {
    expect(confirmEmailChangeBodySchema.parse({ token: 'emailed-token' })).toEqual({
      token: 'emailed-token',
    });
  });

  it.each([{}, { token: '' }, { token: 42 }, { token: 'emailed-token', email: 'ada@example.com' }])(
    'refuses %j',
    (body) => {
      expect(confirmEmailChangeBodySchema.safeParse(body).success).toBe(false);
    },
  );
});

describe('confirmInviteBodySchema', () => {
  it('defaults the transport to cookie_only', () => {
    expect(confirmInviteBodySchema.parse({ token: 't', password: 'new password' })).toEqual({
      token: 't',
      password: 'new password',
      token_signature_transport: 'cookie_only',
    });
  });

  it('accepts names and an explicit transport', () => {
    expect(
      confirmInviteBodySchema.parse({
        token: 't',
        password: 'new password',
        first_name: ' Ada',
        last_name: 'Lovelace',
        token_signature_transport: 'bearer',
      }),
    ).toEqual({
      token: 't',
      password: 'new password',
      first_name: 'Ada',
      last_name: 'Lovelace',
      token_signature_transport: 'bearer',
    });
  });

  it.each([
    { password: 'new password' },
    { token: 't', password: 'short' },
    { token: 't', password: 'new password', token_signature_transport: 'header' },
    { token: 't', password: 'new password', email: 'ada@example.com' },
  ])('refuses %j', (body) => {
    expect(confirmInviteBodySchema.safeParse(body).success).toBe(false);
  });
});
