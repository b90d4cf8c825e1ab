import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { queryRows } from '../../db/client.js';
import { deleteStaleAssets, knownStorageKeys } from './repository.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'assets'>;

const batchSize = 500;
const everyMs = 10 * 60 * 1000;
/** A finished upload nothing shows is kept this long: time enough to put it to use. */
const unusedGraceMs = 24 * 60 * 60 * 1000;

/**
 * Removes what uploads leave behind: uploads not finished within ASSET_PENDING_TTL_SECONDS (row
 * and file), finished assets nothing shows any more after a day (the photo of a deleted building,
 * the avatar of a deleted user), temporary files of interrupted uploads, and files without a row.
 * A transaction-scoped advisory lock lets one process work at a time when several share a database.
 */
export async function cleanUpAssets(ctx: Ctx, now = new Date()) {
  const ttlMs = ctx.config.assets.pendingTtlSeconds * 1000;
  const pendingBefore = new Date(now.getTime() - ttlMs);
  const unusedBefore = new Date(now.getTime() - unusedGraceMs);
  let removedAssets = 0;
  for (;;) {
    const keys = await ctx.db.transaction(async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(hashtext('gatehouse_asset_cleanup')) as locked`,
      );
      if (!lock?.locked) return undefined;
      return deleteStaleAssets(tx, pendingBefore, unusedBefore, batchSize);
    });
    if (keys === undefined) return { assets: removedAssets, files: 0 };
    // Rows first, files after the commit: a crash in between leaves a file without a row, which
    // the sweep below removes next time.
    await Promise.all(keys.map((key) => ctx.assets.storage.remove(key)));
    removedAssets += keys.length;
    if (keys.length < batchSize) break;
  }

  // Files are only swept once they are older than an upload may take, so an upload in progress
  // (its temp file, or its file before the row is read) is never touched.
  const { files, temps } = await ctx.assets.storage.list();
  let removedFiles = 0;
  for (const temp of temps) {
    if (temp.modifiedAt < pendingBefore) {
      await ctx.assets.storage.removeTemp(temp.key);
      removedFiles += 1;
    }
  }
  const old = files.filter((file) => file.modifiedAt < pendingBefore);
  for (let i = 0; i < old.length; i += batchSize) {
    const batch = old.slice(i, i + batchSize).map((file) => file.key);
    const known = await knownStorageKeys(ctx.db, batch);
    for (const key of batch) {
      if (known.has(key)) continue;
      await ctx.assets.storage.remove(key);
      removedFiles += 1;
    }
  }
  return { assets: removedAssets, files: removedFiles };
}

/** Runs the cleanup at start and every ten minutes while the server runs. */
export function scheduleAssetCleanup(ctx: Ctx, log: FastifyBaseLogger): () => void {
  const run = () =>
    cleanUpAssets(ctx)
      .then((removed) => {
        if (removed.assets > 0 || removed.files > 0) log.info({ removed }, 'asset cleanup');
      })
      .catch((error) => log.error({ err: error }, 'asset cleanup failed'));
  const first = setTimeout(run, 0);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
