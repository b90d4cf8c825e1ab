import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { oauth2Authorizations, oauth2Codes, oauth2RefreshTokens } from '../../db/schema.js';

type Ctx = Pick<AppContext, 'db'>;

const everyMs = 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Removes what third-party apps leave behind: codes a day after they expired, refresh tokens once
 * expired (spent ones are kept until then, for reuse detection: afterwards they are refused as
 * expired anyway), and grants a day after they were revoked (with their codes and tokens). Nothing
 * here changes what is allowed, so processes sharing a database may run it at the same time.
 */
export async function cleanUpOAuth2(ctx: Ctx, now = new Date()) {
  const dayAgo = new Date(now.getTime() - dayMs);
  const grants = await ctx.db
    .delete(oauth2Authorizations)
    .where(lt(oauth2Authorizations.revokedAt, dayAgo))
    .returning({ id: oauth2Authorizations.id });
  const codes = await ctx.db
    .delete(oauth2Codes)
    .where(lt(oauth2Codes.expiresAt, dayAgo))
    .returning({ id: oauth2Codes.id });
  const tokens = await ctx.db
    .delete(oauth2RefreshTokens)
    .where(lt(oauth2RefreshTokens.expiresAt, now))
    .returning({ id: oauth2RefreshTokens.id });
  return { grants: grants.length, codes: codes.length, refreshTokens: tokens.length };
}

/** Runs the cleanup every hour while the server runs. */
export function scheduleOAuth2Cleanup(ctx: Ctx, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    cleanUpOAuth2(ctx)
      .then((removed) => {
        if (removed.grants + removed.codes + removed.refreshTokens > 0)
          log.info({ removed }, 'OAuth2 cleanup');
      })
      .catch((error) => log.error({ err: error }, 'OAuth2 cleanup failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
