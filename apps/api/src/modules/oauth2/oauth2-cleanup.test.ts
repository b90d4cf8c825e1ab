import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { buildingWithRoles, type Roles } from '../../../test/fixtures.js';
import { oauth2Authorizations, oauth2Codes, oauth2RefreshTokens } from '../../db/schema.js';
import { cleanUpOAuth2 } from './cleanup.js';
import {
  appCall,
  authorizeApp,
  codeOf,
  consent,
  pkce,
  refresh,
  registerClient,
} from './testing/oauth2-client.js';

let t: TestApp;
let r: Roles;

beforeAll(async () => {
  t = await createTestApp();
  r = await buildingWithRoles(t.ctx, t.app);
});
afterAll(() => t.close());

const count = async (table: typeof oauth2Codes | typeof oauth2RefreshTokens | typeof oauth2Authorizations) =>
  (await t.ctx.db.select().from(table)).length;

describe('cleanUpOAuth2', () => {
  it('removes old codes, expired refresh tokens and revoked grants, and nothing an app still uses', async () => {
    const client = await registerClient(t.app, r.tokens.superadmin);
    const live = await authorizeApp(t.app, r.tokens.member, client, { scope: 'account:read' });
    const rotated = (await refresh(t.app, client, live.refresh_token)).json();
    // A grant the manager revoked: approved, then replaced by a second approval.
    await authorizeApp(t.app, r.tokens.manager, client, { scope: 'account:read' });
    await authorizeApp(t.app, r.tokens.manager, client, { scope: 'account:read' });
    // A code nobody exchanged.
    codeOf(
      await consent(t.app, r.tokens.inviteMember, client.id, {
        scope: 'account:read',
        challenge: pkce().challenge,
      }),
    );
    expect(await count(oauth2Authorizations)).toBe(4);

    // Nothing is old yet.
    expect(await cleanUpOAuth2(t.ctx)).toEqual({ grants: 0, codes: 0, refreshTokens: 0 });

    // Two days on: codes are long expired and the revoked grant is old; refresh tokens still live.
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const removed = await cleanUpOAuth2(t.ctx, later);
    expect(removed.grants).toBe(1);
    expect(removed.refreshTokens).toBe(0);
    expect(await count(oauth2Codes)).toBe(0);
    expect(await count(oauth2Authorizations)).toBe(3);
    const memberTokens = await t.ctx.db
      .select()
      .from(oauth2RefreshTokens)
      .innerJoin(oauth2Authorizations, eq(oauth2Authorizations.id, oauth2RefreshTokens.authorizationId))
      .where(eq(oauth2Authorizations.userId, r.people.member.id));
    expect(memberTokens).toHaveLength(2); // the spent one stays, for reuse detection
    expect((await appCall(t.app, 'GET', '/me/account', rotated.access_token)).statusCode).toBe(200);

    // Past the refresh tokens' lifetime they go too.
    // (The member's two and the manager's live one; the revoked grant's went with it.)
    expect(await count(oauth2RefreshTokens)).toBe(3);
    const muchLater = new Date(Date.now() + (t.config.oauth2.refreshTokenTtlSeconds + 60) * 1000);
    expect((await cleanUpOAuth2(t.ctx, muchLater)).refreshTokens).toBe(3);
    expect(await count(oauth2RefreshTokens)).toBe(0);
  });
});
