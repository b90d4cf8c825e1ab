import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/errors.js';
import { decryptText, sha256 } from '../../lib/crypto.js';
import {
  findSession,
  insertSession,
  revokeSession,
  rotateRefreshJti,
  type SessionRow,
} from '../sessions/repository.js';
import {
  findUserByEmail,
  findUserById,
  type UserRow,
  updateUser,
  useRecoveryCode,
} from '../users/repository.js';
import type { IssuedTokens } from './tokens.js';
import { verifyTotpCode } from './totp.js';

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export type LoginOutcome =
  | { kind: 'tokens'; tokens: IssuedTokens }
  | { kind: 'mfa_required'; mfaToken: string };

const tooManyAttempts = 'Too many failed sign-in attempts; try again later';
// One message for an unknown email and a wrong password: the reply must not tell which it was.
const badCredentials = () => new AppError('invalid_credentials', 'Email or password is incorrect');

export async function startSession(
  ctx: AppContext,
  user: UserRow,
  client: ClientInfo,
): Promise<IssuedTokens> {
  const session = await insertSession(ctx.db, {
    userId: user.id,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtlSeconds * 1000),
  });
  return ctx.tokens.issueSessionTokens(session);
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<LoginOutcome> {
  const accountKey = input.email.toLowerCase();
  const { loginPerAccount, loginPerIp } = ctx.throttles;
  await loginPerIp.assertAllowed(client.ip, tooManyAttempts);
  await loginPerAccount.assertAllowed(accountKey, tooManyAttempts);

  const user = await findUserByEmail(ctx.db, input.email);
  const passwordOk = await ctx.passwords.verify(user?.passwordHash, input.password);
  if (!user || !passwordOk) {
    await Promise.all([loginPerAccount.hit(accountKey), loginPerIp.hit(client.ip)]);
    throw badCredentials();
  }
  if (user.totpEnabledAt) {
    return { kind: 'mfa_required', mfaToken: await ctx.tokens.issueMfaChallenge(user.id) };
  }
  await loginPerAccount.reset(accountKey);
  return { kind: 'tokens', tokens: await startSession(ctx, user, client) };
}

/**
 * Checks a second-factor code: a TOTP code (each accepted once) or an unused recovery code.
 * Returns false for a wrong code; the caller decides what a failure costs.
 */
export async function verifySecondFactor(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecretEncrypted) return false;
  const trimmed = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    const secret = decryptText(ctx.encryptionKey, user.totpSecretEncrypted);
    const result = await verifyTotpCode(secret, trimmed, user.totpLastTimeStep);
    if (!result.valid) return false;
    await updateUser(ctx.db, user.id, { totpLastTimeStep: result.timeStep });
    ctx.authCache.forgetUser(user.id);
    return true;
  }
  return useRecoveryCode(ctx.db, user.id, sha256(normaliseRecoveryCode(trimmed)));
}

export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

export async function completeMfa(
  ctx: AppContext,
  input: { mfaToken: string; code: string },
  client: ClientInfo,
): Promise<IssuedTokens> {
  const claims = await ctx.tokens.verify(input.mfaToken, 'mfa');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user?.totpEnabledAt) throw new AppError('mfa_invalid', 'Sign in again');
  const accountKey = user.email.toLowerCase();
  const { loginPerAccount, loginPerIp } = ctx.throttles;
  await loginPerIp.assertAllowed(client.ip, tooManyAttempts);
  await loginPerAccount.assertAllowed(accountKey, tooManyAttempts);
  if (!(await verifySecondFactor(ctx, user, input.code))) {
    await Promise.all([loginPerAccount.hit(accountKey), loginPerIp.hit(client.ip)]);
    throw new AppError('mfa_invalid', 'The code is not valid', { field: 'code' });
  }
  await loginPerAccount.reset(accountKey);
  return startSession(ctx, user, client);
}

/**
 * Exchanges a refresh token for new tokens. Refresh tokens are single-use: presenting one that was
 * already exchanged means it leaked (or two clients share it), so the whole session ends.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<IssuedTokens> {
  const claims = await ctx.tokens.verify(refreshToken, 'refresh');
  const session = claims.sid ? await findSession(ctx.db, claims.sid) : undefined;
  if (!session || session.revokedAt || session.expiresAt <= new Date() || !claims.jti) {
    throw new AppError('session_revoked', 'This session has ended; sign in again');
  }
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtlSeconds * 1000);
  const rotated = await rotateRefreshJti(ctx.db, session.id, claims.jti, expiresAt);
  ctx.authCache.forgetSession(session.id);
  if (!rotated) {
    await revokeSession(ctx.db, session.id, 'refresh_token_reuse');
    ctx.authCache.forgetSession(session.id);
    throw new AppError(
      'session_revoked',
      'This refresh token was already used; the session has ended for safety',
    );
  }
  return ctx.tokens.issueSessionTokens(rotated);
}

export async function endSession(ctx: AppContext, session: SessionRow): Promise<void> {
  await revokeSession(ctx.db, session.id, 'logout');
  ctx.authCache.forgetSession(session.id);
}
