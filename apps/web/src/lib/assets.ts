import {
  API_BASE_PATH,
  ASSET_CONTENT_TYPES,
  ASSET_DEFAULT_MAX_BYTES,
  type AssetContentType,
  type CamelCasedKeys,
  type Asset as WireAsset,
  type AssetUpload as WireAssetUpload,
} from '@gatehouse/core';
import { apiClient } from './api-client';
import { apiBaseUrl } from './http';

/*
 * Uploads (decision 008): building photos and avatars go through the same three calls, so the
 * helper lives here rather than in one feature.
 */

export type Asset = CamelCasedKeys<WireAsset>;
type AssetUpload = CamelCasedKeys<WireAssetUpload>;

/** What the file picker accepts. */
export const IMAGE_ACCEPT = ASSET_CONTENT_TYPES.join(',');

/** The largest upload in MiB, for messages. */
export const IMAGE_MAX_MEGABYTES = ASSET_DEFAULT_MAX_BYTES / (1024 * 1024);

/**
 * Why a chosen file cannot be uploaded, before anything is sent: the server checks the same (and the
 * file's own signature), this only spares the user a wasted upload.
 */
export function imageFileProblem(file: File): 'type' | 'size' | 'empty' | null {
  if (!(ASSET_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > ASSET_DEFAULT_MAX_BYTES) return 'size';
  return null;
}

/** An API path from a URL the server gave (they start with the API base path). */
function apiPath(url: string): string {
  return url.startsWith(API_BASE_PATH) ? url.slice(API_BASE_PATH.length) : url;
}

/**
 * POST /asset/create, then the bytes to where the reply says, then PUT /asset/{id}/finish. Gives the
 * finished asset, whose id a building or the account can then use.
 */
export async function uploadImage(
  file: File,
  target: { purpose: 'avatar' } | { purpose: 'building_photo'; buildingId: string },
): Promise<Asset> {
  const contentType = file.type as AssetContentType;
  const { data: upload } = await apiClient.post<AssetUpload>('/asset/create', {
    purpose: target.purpose,
    contentType,
    byteSize: file.size,
    ...(target.purpose === 'building_photo' ? { buildingId: target.buildingId } : {}),
  });
  // The declared type goes with the bytes, whatever the browser guessed for the file.
  await apiClient.put(apiPath(upload.uploadUrl), new Blob([file], { type: contentType }));
  const { data: finished } = await apiClient.put<Asset>(`/asset/${encodeURIComponent(upload.id)}/finish`);
  return finished;
}

/**
 * An `<img>` source for an asset URL from the server (a path on the API's origin, signed so it needs
 * no sign-in); resolved against the API when that lives elsewhere.
 */
export function assetSource(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const base = apiBaseUrl();
  return /^https?:\/\//.test(base) ? new URL(url, base).toString() : url;
}
