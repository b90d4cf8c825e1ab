import type { AppContext } from '../../app-context.js';
import { randomToken } from '../../lib/crypto.js';
import { weakPasswordReason } from '../../lib/passwords.js';
import { countUsers, insertUser } from './repository.js';

export const defaultAdminEmail = 'admin@gatehouse.local';

/**
 * On a fresh database, creates the first superadmin so someone can sign in: from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password that is printed once (it is not stored anywhere
 * else). Returns what it did, or undefined when users already exist.
 */
export async function createFirstSuperadmin(
  ctx: AppContext,
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  if ((await countUsers(ctx.db)) > 0) return undefined;
  const email = ctx.config.adminEmail ?? defaultAdminEmail;
  const configured = ctx.config.adminPassword;
  if (configured) {
    const weakness = weakPasswordReason(configured, [email]);
    if (configured.length < 8 || weakness) {
      throw new Error(`ADMIN_PASSWORD is not acceptable: ${weakness ?? 'use at least 8 characters'}`);
    }
  }
  const password = configured ?? randomToken(15);
  await insertUser(ctx.db, {
    email,
    firstName: 'Admin',
    isSuperadmin: true,
    emailConfirmedAt: new Date(),
    passwordHash: await ctx.passwords.hash(password),
  });
  return { email, ...(configured ? {} : { generatedPassword: password }) };
}
