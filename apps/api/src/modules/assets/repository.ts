import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { assets, buildings, users } from '../../db/schema.js';

export type AssetRow = typeof assets.$inferSelect;

export async function insertAsset(
  db: Executor,
  values: Pick<AssetRow, 'ownerUserId' | 'purpose' | 'contentType' | 'byteSize' | 'storageKey'>,
): Promise<AssetRow> {
  const [row] = await db
    .insert(assets)
    .values({ id: newId(), ...values })
    .returning();
  return row!;
}

export async function findAsset(db: Executor, id: string): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(assets).where(eq(assets.id, id)).limit(1);
  return row;
}

/** Uploads of a user still waiting for their bytes (declared after `since`). */
export async function countPendingOf(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assets)
    .where(and(eq(assets.ownerUserId, userId), eq(assets.status, 'pending'), gt(assets.insertedAt, since)));
  return row?.n ?? 0;
}

/** Pending -> finished, once: undefined when it was not pending any more. */
export async function markFinished(db: Executor, id: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(assets)
    .set({ status: 'finished', finishedAt: new Date() })
    .where(and(eq(assets.id, id), eq(assets.status, 'pending')))
    .returning();
  return row;
}

/** Deletes the rows and gives back their files' keys (the caller removes the files after commit). */
export async function deleteAssets(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(assets)
    .where(inArray(assets.id, ids))
    .returning({ storageKey: assets.storageKey });
  return rows.map((row) => row.storageKey);
}

/** The buildings that show this asset as their photo. */
export async function buildingsWithPhoto(db: Executor, assetId: string): Promise<string[]> {
  const rows = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.photoAssetId, assetId));
  return rows.map((row) => row.id);
}

/** Whether some user or building already shows this asset. */
export async function assetInUse(db: Executor, assetId: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`select exists (select 1 from buildings where photo_asset_id = ${assetId})
          or exists (select 1 from users where avatar_asset_id = ${assetId}) as used`,
  );
  return row?.used === true;
}

export async function userAvatarId(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ avatarAssetId: users.avatarAssetId })
    .from(users)
    .where(eq(users.id, userId));
  return row?.avatarAssetId ?? null;
}

/**
 * What the cleanup job removes: uploads still pending after their time to live, and finished
 * assets nothing shows any more (a deleted building's photo, a deleted user's avatar, an upload
 * never put to use) once they are older than `unusedBefore`. Returns the removed files' keys.
 */
export async function deleteStaleAssets(
  db: Executor,
  pendingBefore: Date,
  unusedBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ storage_key: string }>(
    db,
    sql`delete from assets where id in (
          select a.id from assets a
           where (a.status = 'pending' and a.inserted_at < ${pendingBefore.toISOString()}::timestamptz)
              or (a.status = 'finished' and a.finished_at < ${unusedBefore.toISOString()}::timestamptz
                  and not exists (select 1 from buildings b where b.photo_asset_id = a.id)
                  and not exists (select 1 from users u where u.avatar_asset_id = a.id)
                  and not exists (select 1 from oauth2_clients c where c.logo_asset_id = a.id))
           limit ${limit}
        ) returning storage_key`,
  );
  return rows.map((row) => row.storage_key);
}

/** Which of these storage keys belong to an asset row. */
export async function knownStorageKeys(db: Executor, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: assets.storageKey })
    .from(assets)
    .where(inArray(assets.storageKey, keys));
  return new Set(rows.map((row) => row.storageKey));
}
