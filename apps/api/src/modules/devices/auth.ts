import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { readBearer } from '../../http/authenticate.js';
import { AppError, unauthenticated } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';
import { Throttle } from '../auth/throttle.js';
import { findIntercomByEmail } from '../intercoms/repository.js';
import { findIntercomWithDoor, type IntercomWithDoor } from './repository.js';

/** The intercom behind a device call, with its door (and so its building). */
export type DeviceAuth = IntercomWithDoor;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on device calls by `deviceAuthentication`; device calls never carry a user. */
    device?: DeviceAuth;
  }
}

/**
 * A fingerprint of the intercom's password hash, carried in its device tokens: setting a new password
 * (for example after a device was stolen) ends every token signed in with the old one.
 */
export function passwordVersion(passwordHash: string): string {
  return sha256(passwordHash).slice(0, 16);
}

export interface DeviceSignInThrottles {
  perAccount: Throttle;
  perIp: Throttle;
}

/** Failed device sign-ins count like users' (LOGIN_* limits), in counters of their own. */
export function deviceSignInThrottles(ctx: AppContext): DeviceSignInThrottles {
  const { loginLimits } = ctx.config;
  return {
    perAccount: new Throttle(
      'device-login-account',
      { points: loginLimits.perAccount, durationSeconds: loginLimits.windowSeconds },
      ctx.redis,
    ),
    perIp: new Throttle(
      'device-login-ip',
      { points: loginLimits.perIp, durationSeconds: loginLimits.windowSeconds },
      ctx.redis,
    ),
  };
}

const tooManyAttempts = 'Too many failed sign-in attempts; try again later';

/**
 * `POST /devices/session`: an intercom signs in with its own email and password for a device token.
 * An unknown email and a wrong password get the same answer in the same time.
 */
export async function signInDevice(
  ctx: AppContext,
  throttles: DeviceSignInThrottles,
  input: { email: string; password: string },
  ip: string,
) {
  const accountKey = input.email.toLowerCase();
  await throttles.perIp.assertAllowed(ip, tooManyAttempts);
  await throttles.perAccount.assertAllowed(accountKey, tooManyAttempts);

  const intercom = await findIntercomByEmail(ctx.db, input.email);
  const passwordOk = await ctx.passwords.verify(intercom?.passwordHash, input.password);
  const found = intercom && passwordOk ? await findIntercomWithDoor(ctx.db, intercom.id) : undefined;
  if (!found) {
    await Promise.all([throttles.perAccount.hit(accountKey), throttles.perIp.hit(ip)]);
    throw new AppError('invalid_credentials', 'Email or password is incorrect');
  }
  await throttles.perAccount.reset(accountKey);
  const { token, exp } = await ctx.tokens.issueDeviceToken(
    found.intercom.id,
    passwordVersion(found.intercom.passwordHash),
  );
  return {
    access: token,
    access_exp: exp,
    intercom: { id: found.intercom.id, door_id: found.door.id, building_id: found.door.buildingId },
  };
}

/**
 * The `onRequest` hook of device calls (which are `public` to the user authentication): a device
 * token as bearer, or, where the device cannot send headers (Akuvox Action URLs), in the `token`
 * query parameter. A user's token, an expired or tampered token, and the token of an intercom that
 * was deleted or got a new password since are all refused with 401.
 */
export function deviceAuthentication(
  ctx: AppContext,
  options: { queryToken?: boolean } = {},
): onRequestAsyncHookHandler {
  return async (request) => {
    const fromQuery = options.queryToken ? (request.query as { token?: unknown }).token : undefined;
    const token = typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : readBearer(request);
    if (!token) throw unauthenticated('This call needs a device token: sign the intercom in first');
    const claims = await ctx.tokens.verify(token, 'device');
    const found = await findIntercomWithDoor(ctx.db, claims.sub);
    if (!found || claims.ver !== passwordVersion(found.intercom.passwordHash)) {
      throw new AppError(
        'session_revoked',
        'This device token is no longer valid; sign the intercom in again',
      );
    }
    request.device = found;
  };
}

/** The intercom of a device call; 401 on a route that forgot the hook. */
export function requireDevice(request: FastifyRequest): DeviceAuth {
  if (!request.device) throw unauthenticated('This call needs a device token');
  return request.device;
}
