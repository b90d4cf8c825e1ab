import type { Locale, RoleData } from '@gatehouse/core';
import { toSnakeCase } from '@gatehouse/core';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { AppError, conflict, invalidField } from '../../http/errors.js';
import { decryptText, encryptText, randomToken, sha256 } from '../../lib/crypto.js';
import { weakPasswordReason } from '../../lib/passwords.js';
import { assertAvatar, assetUrl, discardReplacedAsset } from '../assets/service.js';
import { normaliseRecoveryCode, verifySecondFactor } from '../auth/service.js';
import { describeTotpEnrolment, newTotpSecret, verifyTotpCode } from '../auth/totp.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  replaceRecoveryCodes,
  revokeUserSessions,
  type UserRow,
  updateUser,
} from '../users/repository.js';
import { consumeUserToken, insertUserToken } from './repository.js';

const hour = 60 * 60 * 1000;
const lifetimes = { password_reset: hour, email_change: 24 * hour, invite: 7 * 24 * hour } as const;
const recoveryCodeCount = 10;

export function personName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** The `account` object of `GET /me/account` (snake_case wire format). */
export function accountView(ctx: Pick<AppContext, 'assets'>, user: UserRow, roleData: RoleData) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    locale: user.locale,
    mfa_enabled: user.totpEnabledAt !== null,
    is_superadmin: user.isSuperadmin,
    pending_email: user.pendingEmail,
    avatar_asset_id: user.avatarAssetId,
    avatar_url: user.avatarAssetId ? assetUrl(ctx, user.avatarAssetId) : null,
    inserted_at: user.insertedAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    permission_props: toSnakeCase(roleData) as {
      is_superadmin: boolean;
      b_manager_of_building: string[];
      b_manager_of_unit: string[];
      u_manager_of_building: string[];
      u_manager_of_unit: string[];
      u_invite_member_of_building: string[];
      u_invite_member_of_unit: string[];
      u_member_of_building: string[];
      u_member_of_unit: string[];
    },
  };
}

export function assertStrongPassword(
  password: string,
  user: Pick<UserRow, 'email' | 'firstName' | 'lastName'>,
  field = 'password',
) {
  const reason = weakPasswordReason(password, [user.email, user.firstName ?? '', user.lastName ?? '']);
  if (reason) throw invalidField(field, reason);
}

async function assertCurrentPassword(ctx: AppContext, user: UserRow, currentPassword: string | undefined) {
  if (!currentPassword || !(await ctx.passwords.verify(user.passwordHash, currentPassword))) {
    throw invalidField('current_password', 'The current password is not correct');
  }
}

async function mailLink(
  ctx: AppContext,
  db: Executor,
  user: UserRow,
  purpose: keyof typeof lifetimes,
  options: { to?: string; newEmail?: string; inviter?: string } = {},
) {
  const token = randomToken();
  await insertUserToken(db, {
    userId: user.id,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + lifetimes[purpose]),
    newEmail: options.newEmail,
  });
  const path = {
    password_reset: 'reset_password',
    email_change: 'confirm_email_change',
    invite: 'confirm_invite',
  }[purpose];
  await enqueueMail(db, {
    to: options.to ?? user.email,
    kind: purpose,
    locale: user.locale,
    name: personName(user),
    link: `${ctx.config.publicUrl}/auth/${path}?token=${encodeURIComponent(token)}`,
    inviter: options.inviter,
  });
}

export interface AccountUpdate {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  locale?: 'en' | 'nl';
  email?: string;
  password?: string;
  password_confirmation?: string;
  current_password?: string;
  avatar_asset_id?: string | null;
}

/**
 * Profile changes. A new password or email needs the current password; a new password ends every
 * other session; a new email only takes effect once confirmed from a mail to that address.
 */
export async function updateAccount(ctx: AppContext, user: UserRow, sessionId: string, input: AccountUpdate) {
  const changesEmail = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
  if (input.password !== undefined || changesEmail)
    await assertCurrentPassword(ctx, user, input.current_password);
  if (input.password !== undefined) assertStrongPassword(input.password, user);
  if (changesEmail) {
    const taken = await findUserByEmail(ctx.db, input.email!);
    if (taken) throw conflict('Another account uses this email address', 'email');
  }
  if (input.avatar_asset_id) await assertAvatar(ctx, input.avatar_asset_id, user.id, user.avatarAssetId);
  const passwordHash = input.password !== undefined ? await ctx.passwords.hash(input.password) : undefined;

  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateUser(tx, user.id, {
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
      ...(passwordHash ? { passwordHash } : {}),
      ...(changesEmail ? { pendingEmail: input.email } : {}),
      ...(input.avatar_asset_id !== undefined ? { avatarAssetId: input.avatar_asset_id } : {}),
    });
    if (passwordHash) await revokeUserSessions(tx, user.id, 'password_changed', sessionId);
    if (changesEmail)
      await mailLink(ctx, tx, row, 'email_change', { to: input.email, newEmail: input.email });
    return row;
  });
  ctx.authCache.forgetUser(user.id);
  if (changesEmail) ctx.notifyMailQueued();
  // A replaced or removed avatar is deleted (row and file).
  if (input.avatar_asset_id !== undefined)
    await discardReplacedAsset(ctx, user.avatarAssetId, updated.avatarAssetId);
  return updated;
}

/** Always succeeds from the caller's view, so the reply never tells whether an account exists. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  await ctx.throttles.mailPerAddress.consume(
    `reset:${email.toLowerCase()}`,
    'Too many reset requests; try again later',
  );
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  await ctx.db.transaction((tx) => mailLink(ctx, tx, user, 'password_reset'));
  ctx.notifyMailQueued();
}

const invalidLink = () => invalidField('token', 'This link is invalid or has expired; ask for a new one');

export async function confirmPasswordReset(ctx: AppContext, token: string, password: string): Promise<void> {
  const userId = await ctx.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, sha256(token), 'password_reset');
    const user = used && (await findUserById(tx, used.userId));
    if (!user) throw invalidLink();
    assertStrongPassword(password, user);
    await updateUser(tx, user.id, { passwordHash: await ctx.passwords.hash(password) });
    // Whoever knew the old password is signed out everywhere.
    await revokeUserSessions(tx, user.id, 'password_reset');
    return user.id;
  });
  ctx.authCache.forgetUser(userId);
}

export async function confirmEmailChange(ctx: AppContext, user: UserRow, token: string): Promise<UserRow> {
  const updated = await ctx.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, sha256(token), 'email_change');
    if (!used || used.userId !== user.id || !used.newEmail) throw invalidLink();
    if (await findUserByEmail(tx, used.newEmail))
      throw conflict('Another account uses this email address', 'token');
    return updateUser(tx, user.id, {
      email: used.newEmail,
      pendingEmail: null,
      emailConfirmedAt: new Date(),
    });
  });
  ctx.authCache.forgetUser(user.id);
  return updated;
}

/**
 * Creates (or re-invites) a user who has not chosen a password yet and mails them an invite link.
 * Runs inside the caller's transaction (adding a manager or member and inviting is one step).
 */
export async function inviteUser(
  ctx: AppContext,
  tx: Executor,
  input: { email: string; firstName?: string | null; lastName?: string | null; locale?: Locale },
  inviter: UserRow,
): Promise<{ user: UserRow; invited: boolean }> {
  const existing = await findUserByEmail(tx, input.email);
  if (existing?.passwordHash) return { user: existing, invited: false };
  const user =
    existing ??
    (await insertUser(tx, {
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      locale: input.locale ?? inviter.locale,
    }));
  await mailLink(ctx, tx, user, 'invite', { inviter: personName(inviter) });
  return { user, invited: true };
}

export async function confirmInvite(
  ctx: AppContext,
  input: { token: string; password: string; first_name?: string | null; last_name?: string | null },
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const used = await consumeUserToken(tx, sha256(input.token), 'invite');
    const user = used && (await findUserById(tx, used.userId));
    if (!user) throw invalidLink();
    const named = {
      ...user,
      firstName: input.first_name ?? user.firstName,
      lastName: input.last_name ?? user.lastName,
    };
    assertStrongPassword(input.password, named);
    return updateUser(tx, user.id, {
      firstName: named.firstName,
      lastName: named.lastName,
      passwordHash: await ctx.passwords.hash(input.password),
      emailConfirmedAt: new Date(),
    });
  });
}

// --- TOTP ---------------------------------------------------------------------------------------

export async function startTotpEnrolment(ctx: AppContext, user: UserRow, currentPassword: string) {
  if (user.totpEnabledAt) throw conflict('Two-step verification is already on');
  await assertCurrentPassword(ctx, user, currentPassword);
  const secret = newTotpSecret();
  await updateUser(ctx.db, user.id, {
    totpSecretEncrypted: encryptText(ctx.encryptionKey, secret),
    totpLastTimeStep: null,
  });
  ctx.authCache.forgetUser(user.id);
  return describeTotpEnrolment(secret, user.email);
}

export async function confirmTotpEnrolment(ctx: AppContext, user: UserRow, code: string): Promise<string[]> {
  if (user.totpEnabledAt) throw conflict('Two-step verification is already on');
  if (!user.totpSecretEncrypted) throw new AppError('bad_request', 'Start the enrolment first');
  const secret = decryptText(ctx.encryptionKey, user.totpSecretEncrypted);
  const result = await verifyTotpCode(secret, code, null);
  if (!result.valid) throw invalidField('code', 'The code is not valid; check the time on your phone');

  const codes = Array.from({ length: recoveryCodeCount }, () => formatRecoveryCode(randomToken(8)));
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { totpEnabledAt: new Date(), totpLastTimeStep: result.timeStep });
    await replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((c) => sha256(normaliseRecoveryCode(c))),
    );
  });
  ctx.authCache.forgetUser(user.id);
  return codes;
}

/** `xxxxx-xxxxx`, lowercase letters and digits: easy to read out and type. */
function formatRecoveryCode(raw: string): string {
  const clean = raw
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .padEnd(10, '0')
    .slice(0, 10);
  return `${clean.slice(0, 5)}-${clean.slice(5)}`;
}

export async function removeTotp(
  ctx: AppContext,
  user: UserRow,
  proof: { current_password?: string; code?: string },
): Promise<UserRow> {
  if (!user.totpEnabledAt) throw conflict('Two-step verification is not on');
  if (proof.current_password !== undefined) {
    await assertCurrentPassword(ctx, user, proof.current_password);
  } else if (!(await verifySecondFactor(ctx, user, proof.code ?? ''))) {
    throw invalidField('code', 'The code is not valid');
  }
  const updated = await ctx.db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, []);
    return updateUser(tx, user.id, {
      totpSecretEncrypted: null,
      totpEnabledAt: null,
      totpLastTimeStep: null,
    });
  });
  ctx.authCache.forgetUser(user.id);
  return updated;
}
