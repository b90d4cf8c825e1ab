import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { userTokens } from '../../db/schema.js';

export type UserTokenPurpose = (typeof userTokens.$inferSelect)['purpose'];
export type UserTokenRow = typeof userTokens.$inferSelect;

export async function insertUserToken(
  db: Executor,
  values: {
    userId: string;
    purpose: UserTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    newEmail?: string;
  },
): Promise<void> {
  // A new link replaces older unused links of the same purpose.
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.userId, values.userId),
        eq(userTokens.purpose, values.purpose),
        isNull(userTokens.usedAt),
      ),
    );
  await db.insert(userTokens).values({ id: newId(), ...values });
}

/** Uses a mailed token once: the update succeeds for exactly one caller, before it expires. */
export async function consumeUserToken(
  db: Executor,
  tokenHash: string,
  purpose: UserTokenPurpose,
): Promise<UserTokenRow | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}
