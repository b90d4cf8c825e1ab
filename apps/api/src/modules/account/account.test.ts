import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  createUser,
  defaultPassword,
  errorsOf,
  signIn,
  type TestApp,
} from '../../../test/app.js';
import { newId } from '../../db/ids.js';
import { buildingManagers, buildings, memberships, units } from '../../db/schema.js';
import { listOutbox } from '../mail/outbox.js';
import { inviteUser } from './service.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function latestMailLinkToken(to: string): Promise<string> {
  const [mail] = await listOutbox(t.ctx.db, { to, limit: 1 });
  const match = mail?.textBody.match(/token=([\w%-]+)/);
  if (!match) throw new Error(`no mail with a link for ${to}`);
  return decodeURIComponent(match[1]!);
}

describe('GET /me/account', () => {
  it('returns the account with permission_props computed from the user’s roles', async () => {
    const user = await createUser(t.ctx);
    const [managed, lived] = [newId(), newId()];
    await t.ctx.db.insert(buildings).values([
      { id: managed, name: 'Managed' },
      { id: lived, name: 'Lived in' },
    ]);
    const [managedUnit, ownUnit, invitingUnit] = [newId(), newId(), newId()];
    await t.ctx.db.insert(units).values([
      { id: managedUnit, buildingId: managed, name: '1A' },
      { id: ownUnit, buildingId: lived, name: '2B' },
      { id: invitingUnit, buildingId: lived, name: '3C' },
    ]);
    await t.ctx.db.insert(buildingManagers).values({ id: newId(), buildingId: managed, userId: user.id });
    await t.ctx.db.insert(memberships).values([
      { id: newId(), unitId: ownUnit, userId: user.id, role: 'unit_manager' },
      { id: newId(), unitId: invitingUnit, userId: user.id, role: 'invite_member' },
    ]);

    const { access } = await signIn(t.app, user.email);
    const response = await call(t.app, 'GET', '/me/account', { token: access });
    expect(response.statusCode).toBe(200);
    const { account } = response.json().data;
    expect(account).toMatchObject({
      id: user.id,
      email: user.email,
      mfa_enabled: false,
      is_superadmin: false,
    });
    expect(account).not.toHaveProperty('password_hash');
    const props = account.permission_props;
    expect(props.is_superadmin).toBe(false);
    expect(props.b_manager_of_building).toEqual([managed]);
    expect(props.b_manager_of_unit).toEqual([managedUnit]);
    expect(props.u_manager_of_building).toEqual([lived]);
    expect(props.u_manager_of_unit).toEqual([ownUnit]);
    expect(props.u_invite_member_of_unit).toEqual([invitingUnit]);
    expect(props.u_invite_member_of_building).toEqual([lived]);
    expect(props.u_member_of_unit.sort()).toEqual([ownUnit, invitingUnit].sort());
    expect(props.u_member_of_building).toEqual([lived]);
  });

  it('marks a superadmin', async () => {
    const admin = await createUser(t.ctx, { isSuperadmin: true });
    const { access } = await signIn(t.app, admin.email);
    const response = await call(t.app, 'GET', '/me/account', { token: access });
    expect(response.json().data.account.permission_props.is_superadmin).toBe(true);
  });
});

describe('PUT /me/account', () => {
  it('changes name, language and phone (normalised)', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const response = await call(t.app, 'PUT', '/me/account', {
      token: access,
      body: { first_name: 'Anna', last_name: 'de Vries', phone: '06 1234 5678', locale: 'nl' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.account).toMatchObject({
      first_name: 'Anna',
      last_name: 'de Vries',
      phone: '+31612345678',
      locale: 'nl',
    });
  });

  it('refuses a phone number that cannot be normalised', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const response = await call(t.app, 'PUT', '/me/account', {
      token: access,
      body: { phone: 'call me maybe' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[0]).toMatchObject({ field: 'phone' });
  });

  it('changes the password only with the current one, refuses weak ones, and ends the other sessions', async () => {
    const user = await createUser(t.ctx);
    const here = await signIn(t.app, user.email);
    const elsewhere = await signIn(t.app, user.email);
    const newPassword = 'a much better passphrase 42';

    const missing = await call(t.app, 'PUT', '/me/account', {
      token: here.access,
      body: { password: newPassword, password_confirmation: newPassword },
    });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)[0]).toMatchObject({ field: 'current_password' });

    const wrong = await call(t.app, 'PUT', '/me/account', {
      token: here.access,
      body: { password: newPassword, password_confirmation: newPassword, current_password: 'nope nope' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong)[0]).toMatchObject({ field: 'current_password' });

    const weak = await call(t.app, 'PUT', '/me/account', {
      token: here.access,
      body: { password: 'password1', password_confirmation: 'password1', current_password: defaultPassword },
    });
    expect(weak.statusCode).toBe(422);
    expect(errorsOf(weak)[0]).toMatchObject({ field: 'password' });
    expect(errorsOf(weak)[0]!.message).toMatch(/common/);

    const mismatch = await call(t.app, 'PUT', '/me/account', {
      token: here.access,
      body: { password: newPassword, password_confirmation: 'different', current_password: defaultPassword },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(errorsOf(mismatch)[0]).toMatchObject({ field: 'password_confirmation' });

    const changed = await call(t.app, 'PUT', '/me/account', {
      token: here.access,
      body: { password: newPassword, password_confirmation: newPassword, current_password: defaultPassword },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/me/account', { token: here.access })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/me/account', { token: elsewhere.access })).statusCode).toBe(401);
    await expect(signIn(t.app, user.email)).rejects.toThrow();
    await expect(signIn(t.app, user.email, newPassword)).resolves.toHaveProperty('access');
  });

  it('changes the email only after confirmation from the new address', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);
    const newEmail = `new-${user.email}`;
    const response = await call(t.app, 'PUT', '/me/account', {
      token: access,
      body: { email: newEmail, current_password: defaultPassword },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.account).toMatchObject({ email: user.email, pending_email: newEmail });

    const token = await latestMailLinkToken(newEmail);
    const bad = await call(t.app, 'POST', '/me/account/confirm_email_change', {
      token: access,
      body: { token: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    const confirmed = await call(t.app, 'POST', '/me/account/confirm_email_change', {
      token: access,
      body: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.account).toMatchObject({ email: newEmail, pending_email: null });
    const again = await call(t.app, 'POST', '/me/account/confirm_email_change', {
      token: access,
      body: { token },
    });
    expect(again.statusCode).toBe(422);
  });

  it('refuses an email another account uses', async () => {
    const [user, other] = [await createUser(t.ctx), await createUser(t.ctx)];
    const { access } = await signIn(t.app, user.email);
    const response = await call(t.app, 'PUT', '/me/account', {
      token: access,
      body: { email: other.email, current_password: defaultPassword },
    });
    expect(response.statusCode).toBe(409);
    expect(errorsOf(response)[0]).toMatchObject({ field: 'email' });
  });
});

describe('password reset', () => {
  it('answers the same for unknown emails and mails a working single-use link for known ones', async () => {
    const user = await createUser(t.ctx);
    const before = await signIn(t.app, user.email);
    const unknown = await call(t.app, 'POST', '/me/account/reset_password', {
      body: { email: 'ghost@example.com' },
    });
    const known = await call(t.app, 'POST', '/me/account/reset_password', { body: { email: user.email } });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await listOutbox(t.ctx.db, { to: 'ghost@example.com', limit: 5 })).toHaveLength(0);

    const token = await latestMailLinkToken(user.email);
    const weak = await call(t.app, 'POST', '/me/account/confirm_password_reset', {
      body: { token, password: '12345678' },
    });
    expect(weak.statusCode).toBe(422);
    // A refused password does not use up the link.
    const newPassword = 'fresh start for the doors 7';
    const reset = await call(t.app, 'POST', '/me/account/confirm_password_reset', {
      body: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/me/account', { token: before.access })).statusCode).toBe(401);
    await expect(signIn(t.app, user.email, newPassword)).resolves.toHaveProperty('access');

    const reuse = await call(t.app, 'POST', '/me/account/confirm_password_reset', {
      body: { token, password: 'yet another passphrase 9' },
    });
    expect(reuse.statusCode).toBe(422);
    expect(errorsOf(reuse)[0]).toMatchObject({ field: 'token' });
  });
});

describe('POST /me/account/confirm_invite', () => {
  it('lets an invited user choose a password and signs them in', async () => {
    const inviter = await createUser(t.ctx);
    const email = `invited-${Date.now()}@example.com`;
    await t.ctx.db.transaction((tx) => inviteUser(t.ctx, tx, { email }, inviter));
    const token = await latestMailLinkToken(email);

    const response = await call(t.app, 'POST', '/me/account/confirm_invite', {
      body: {
        token,
        password: 'my own door opener 2026',
        first_name: 'Iris',
        token_signature_transport: 'bearer',
      },
    });
    expect(response.statusCode).toBe(200);
    const account = await call(t.app, 'GET', '/me/account', { token: response.json().data.access });
    expect(account.json().data.account).toMatchObject({ email, first_name: 'Iris' });

    const reuse = await call(t.app, 'POST', '/me/account/confirm_invite', {
      body: { token, password: 'my own door opener 2026' },
    });
    expect(reuse.statusCode).toBe(422);
  });
});

describe('TOTP two-step verification', () => {
  it('enrols, requires the second step at sign-in, accepts each code once and recovery codes once, and turns off', async () => {
    const user = await createUser(t.ctx);
    const { access } = await signIn(t.app, user.email);

    const wrongPassword = await call(t.app, 'POST', '/me/account/mfa/totp', {
      token: access,
      body: { current_password: 'not it at all' },
    });
    expect(wrongPassword.statusCode).toBe(422);

    const start = await call(t.app, 'POST', '/me/account/mfa/totp', {
      token: access,
      body: { current_password: defaultPassword },
    });
    expect(start.statusCode).toBe(200);
    const { secret, otpauth_url, qr_code } = start.json().data;
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);

    const badCode = await call(t.app, 'POST', '/me/account/mfa/totp/confirm', {
      token: access,
      body: { code: '000000' },
    });
    expect(badCode.statusCode).toBe(422);
    const enrolCode = await generate({ secret });
    const confirm = await call(t.app, 'POST', '/me/account/mfa/totp/confirm', {
      token: access,
      body: { code: enrolCode },
    });
    expect(confirm.statusCode).toBe(200);
    const recoveryCodes: string[] = confirm.json().data.recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const login = await call(t.app, 'POST', '/me/current_session', {
      body: { email: user.email, password: defaultPassword, token_signature_transport: 'bearer' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ mfa_required: true });
    expect(login.json().data).not.toHaveProperty('access');
    const mfaToken = login.json().data.mfa_token;

    // The code used for enrolment is spent: the same time step is refused.
    const replay = await call(t.app, 'POST', '/me/current_session/mfa', {
      body: { mfa_token: mfaToken, code: enrolCode, token_signature_transport: 'bearer' },
    });
    expect(replay.statusCode).toBe(401);
    expect(errorsOf(replay)[0]).toMatchObject({ code: 'mfa_invalid', field: 'code' });

    const withRecovery = await call(t.app, 'POST', '/me/current_session/mfa', {
      body: {
        mfa_token: mfaToken,
        code: recoveryCodes[0]!.toUpperCase(),
        token_signature_transport: 'bearer',
      },
    });
    expect(withRecovery.statusCode).toBe(200);
    expect(withRecovery.json().data.access).toBeTruthy();
    const recoveryReuse = await call(t.app, 'POST', '/me/current_session/mfa', {
      body: { mfa_token: mfaToken, code: recoveryCodes[0], token_signature_transport: 'bearer' },
    });
    expect(recoveryReuse.statusCode).toBe(401);

    const accessAsMfa = await call(t.app, 'POST', '/me/current_session/mfa', {
      body: { mfa_token: access, code: recoveryCodes[1], token_signature_transport: 'bearer' },
    });
    expect(accessAsMfa.statusCode).toBe(401);

    const off = await call(t.app, 'DELETE', '/me/account/mfa/totp', {
      token: access,
      body: { current_password: defaultPassword },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.account.mfa_enabled).toBe(false);
    await expect(signIn(t.app, user.email)).resolves.toHaveProperty('access');
  });
});
