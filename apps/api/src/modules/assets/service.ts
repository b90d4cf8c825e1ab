import { createHmac } from 'node:crypto';
import { type AssetContentType, type AssetCreateBody, can, type RoleData } from '@gatehouse/core';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { AppError, forbidden, invalidField, notFound } from '../../http/errors.js';
import { API_PREFIX } from '../../http/paths.js';
import { safeEqual } from '../../lib/crypto.js';
import { loadRoleData } from '../permissions/service.js';
import { findUserById } from '../users/repository.js';
import {
  type AssetRow,
  assetInUse,
  buildingsWithPhoto,
  countPendingOf,
  deleteAssets,
  findAsset,
  insertAsset,
  markFinished,
} from './repository.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'assets'>;

/** At most this many uploads may wait for their bytes per user: each may hold up to ASSET_MAX_BYTES. */
const maxPendingPerUser = 10;
/** Signed content URLs are valid for one to two hours (see assetUrl). */
const urlWindowSeconds = 60 * 60;

// --- Signed content URLs ----------------------------------------------------------------------

function signature(key: Buffer, assetId: string, exp: number): string {
  return createHmac('sha256', key).update(`${assetId}.${exp}`).digest('base64url');
}

/**
 * The path that serves an asset's bytes without sign-in (an `<img>` sends no bearer token): an
 * HMAC over the id and an expiry. The expiry is the end of the next clock hour, so the URL stays
 * the same for an hour and browsers reuse their cached copy, and it always has an hour left.
 */
export function assetUrl(ctx: Pick<AppContext, 'assets'>, assetId: string, now = Date.now()): string {
  const exp = (Math.floor(now / 1000 / urlWindowSeconds) + 2) * urlWindowSeconds;
  return `${API_PREFIX}/asset/${assetId}/content?exp=${exp}&sig=${signature(ctx.assets.urlKey, assetId, exp)}`;
}

/** Throws (403) unless the link is genuine and unexpired; gives the seconds it has left. */
export function checkAssetSignature(
  ctx: Pick<AppContext, 'assets'>,
  assetId: string,
  exp: number,
  sig: string,
  now = Date.now(),
): { secondsLeft: number } {
  if (!safeEqual(signature(ctx.assets.urlKey, assetId, exp), sig)) {
    throw new AppError('forbidden', 'This file link is not valid');
  }
  const secondsLeft = exp - Math.floor(now / 1000);
  if (secondsLeft <= 0) throw new AppError('forbidden', 'This file link has expired; reload the page');
  return { secondsLeft };
}

// --- Records ------------------------------------------------------------------------------------

export function assetView(ctx: Pick<AppContext, 'assets'>, row: AssetRow) {
  return {
    id: row.id,
    purpose: row.purpose,
    content_type: row.contentType,
    byte_size: row.byteSize,
    status: row.status,
    url: row.status === 'finished' ? assetUrl(ctx, row.id) : null,
    inserted_at: row.insertedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

function expiresAt(ctx: Ctx, row: AssetRow): Date {
  return new Date(row.insertedAt.getTime() + ctx.config.assets.pendingTtlSeconds * 1000);
}

export function uploadView(ctx: Ctx, row: AssetRow) {
  return {
    ...assetView(ctx, row),
    upload_url: `${API_PREFIX}/asset/${row.id}/upload`,
    upload_method: 'PUT' as const,
    expires_at: expiresAt(ctx, row).toISOString(),
  };
}

async function requireAsset(ctx: Ctx, id: string): Promise<AssetRow> {
  const row = await findAsset(ctx.db, id);
  if (!row) throw notFound('Asset');
  return row;
}

// --- The upload ---------------------------------------------------------------------------------

/** POST /asset/create: a pending asset and a storage key of our own making. */
export async function createAsset(ctx: Ctx, userId: string, roleData: RoleData, body: AssetCreateBody) {
  const { maxBytes } = ctx.config.assets;
  if (body.byte_size > maxBytes) {
    throw invalidField('byte_size', `The file is too large; the most is ${Math.floor(maxBytes / 1024)} KiB`);
  }
  if (body.purpose === 'building_photo') {
    // Unknown buildings and buildings the caller may not change look the same.
    if (!can(roleData, 'buildingUpdate', { buildingId: body.building_id! })) throw forbidden();
  }
  const unexpiredSince = new Date(Date.now() - ctx.config.assets.pendingTtlSeconds * 1000);
  if ((await countPendingOf(ctx.db, userId, unexpiredSince)) >= maxPendingPerUser) {
    throw new AppError('rate_limited', 'Too many unfinished uploads; finish or wait for them first');
  }
  return insertAsset(ctx.db, {
    ownerUserId: userId,
    purpose: body.purpose,
    contentType: body.content_type,
    byteSize: body.byte_size,
    storageKey: ctx.assets.storage.newKey(),
  });
}

/** A pending asset its owner may still upload to or finish. */
async function requireOwnPending(ctx: Ctx, userId: string, id: string): Promise<AssetRow> {
  const row = await requireAsset(ctx, id);
  if (row.ownerUserId !== userId) throw forbidden();
  if (row.status === 'finished') throw new AppError('conflict', 'This upload is finished already');
  if (expiresAt(ctx, row).getTime() <= Date.now()) {
    throw new AppError('gone', 'This upload has expired; start a new one');
  }
  return row;
}

/** What file-type reports for each declared type (an animated PNG is still a PNG). */
const detectedTypes: Record<AssetContentType, string[]> = {
  'image/png': ['image/png', 'image/apng'],
  'image/jpeg': ['image/jpeg'],
  'image/webp': ['image/webp'],
};

/**
 * The bytes of a pending upload: the declared type and size, and a file whose own signature says
 * it is that type (so nothing but the declared kind of image is ever served). Written whole or
 * not at all.
 */
export async function storeUpload(
  ctx: Ctx,
  userId: string,
  id: string,
  contentType: string | undefined,
  bytes: Buffer | undefined,
): Promise<AssetRow> {
  const row = await requireOwnPending(ctx, userId, id);
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== row.contentType) {
    throw new AppError(
      'unsupported_media_type',
      `Send the file with Content-Type ${row.contentType}, as the upload declared`,
    );
  }
  const size = bytes?.length ?? 0;
  if (size !== row.byteSize) {
    throw new AppError(
      'validation_failed',
      `The file has ${size} bytes; the upload declared ${row.byteSize}`,
    );
  }
  const detected = await fileTypeFromBuffer(bytes!);
  if (!detected || !detectedTypes[row.contentType as AssetContentType]?.includes(detected.mime)) {
    throw new AppError('validation_failed', `The file is not a ${row.contentType} image`);
  }
  await ctx.assets.storage.write(row.storageKey, bytes!);
  return row;
}

/** PUT /asset/{id}/finish: complete once the whole file is there (finishing twice is fine). */
export async function finishAsset(ctx: Ctx, userId: string, id: string): Promise<AssetRow> {
  const existing = await requireAsset(ctx, id);
  if (existing.ownerUserId !== userId) throw forbidden();
  if (existing.status === 'finished') return existing;
  const row = await requireOwnPending(ctx, userId, id);
  if ((await ctx.assets.storage.size(row.storageKey)) !== row.byteSize) {
    throw new AppError('conflict', 'Upload the file before finishing');
  }
  return (await markFinished(ctx.db, id)) ?? requireAsset(ctx, id);
}

// --- Who sees what ------------------------------------------------------------------------------

/**
 * GET /asset/{id}: the owner and a superadmin; for a building photo in use, whoever may read one
 * of the buildings that show it. An avatar is only its owner's (and a superadmin's) for now:
 * nothing shows other people's avatars yet (decision 008).
 */
export async function readableAsset(
  ctx: Ctx,
  userId: string,
  roleData: RoleData,
  id: string,
): Promise<AssetRow> {
  const row = await requireAsset(ctx, id);
  if (row.ownerUserId === userId || roleData.isSuperadmin) return row;
  if (row.status === 'finished' && row.purpose === 'building_photo') {
    const shownBy = await buildingsWithPhoto(ctx.db, row.id);
    if (shownBy.some((buildingId) => can(roleData, 'buildingRead', { buildingId }))) return row;
  }
  throw forbidden();
}

// --- Putting assets to use ----------------------------------------------------------------------

async function usableAsset(
  ctx: Ctx,
  field: string,
  assetId: string,
  purpose: AssetRow['purpose'],
): Promise<AssetRow> {
  const row = await findAsset(ctx.db, assetId);
  const what = purpose === 'avatar' ? 'an avatar' : 'a building photo';
  if (!row || row.purpose !== purpose) throw invalidField(field, `This is not ${what} upload`);
  if (row.status !== 'finished') throw invalidField(field, 'Finish the upload first');
  return row;
}

/**
 * A building photo must be a finished building-photo upload by someone who may change this
 * building (the caller, or another manager of it), not shown anywhere yet. The table keeps no
 * building per asset, so "for this building" is checked through its uploader's rights now.
 */
export async function assertBuildingPhoto(
  ctx: Ctx,
  assetId: string,
  buildingId: string,
  callerId: string,
  currentPhotoId: string | null,
): Promise<void> {
  if (assetId === currentPhotoId) return;
  const row = await usableAsset(ctx, 'photo_asset_id', assetId, 'building_photo');
  if (row.ownerUserId !== callerId) {
    const owner = row.ownerUserId ? await findUserById(ctx.db, row.ownerUserId) : undefined;
    const ownerMayUpdate =
      owner !== undefined && can(await loadRoleData(ctx.db, owner), 'buildingUpdate', { buildingId });
    if (!ownerMayUpdate)
      throw invalidField('photo_asset_id', 'This photo was not uploaded for this building');
  }
  if (await assetInUse(ctx.db, assetId)) {
    throw invalidField('photo_asset_id', 'This photo is used elsewhere already; upload it again');
  }
}

/** An avatar must be the user's own finished avatar upload. */
export async function assertAvatar(
  ctx: Ctx,
  assetId: string,
  userId: string,
  currentAvatarId: string | null,
): Promise<void> {
  if (assetId === currentAvatarId) return;
  const row = await usableAsset(ctx, 'avatar_asset_id', assetId, 'avatar');
  if (row.ownerUserId !== userId) throw invalidField('avatar_asset_id', 'This is not your upload');
  if (await assetInUse(ctx.db, assetId))
    throw invalidField('avatar_asset_id', 'This image is in use already');
}

/**
 * After a photo or avatar was replaced or removed: the old asset goes (row and file). A failure
 * here is left to the cleanup job, which removes assets nothing shows.
 */
export async function discardReplacedAsset(
  ctx: Ctx,
  previousId: string | null,
  currentId: string | null,
): Promise<void> {
  if (!previousId || previousId === currentId) return;
  if (await assetInUse(ctx.db, previousId)) return;
  const keys = await deleteAssets(ctx.db, [previousId]);
  await Promise.all(keys.map((key) => ctx.assets.storage.remove(key)));
}
