import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';

/**
 * Uploaded files (decision 008, "Assets"). An upload is declared first (`POST /asset/create`, with
 * its type and size), then its bytes go to the `upload_url` with `upload_method`, then
 * `PUT /asset/{id}/finish` completes it. Only images are kept, for building photos and avatars.
 */

/** The image types an upload may have; the server also checks the file's own signature. */
export const ASSET_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The server's default largest upload (ASSET_MAX_BYTES may lower or raise it); clients check it
 * before sending, the server checks its configured limit.
 */
export const ASSET_DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** What an upload is for; `oauth2_client_logo` assets are made by the OAuth2 client pages. */
export const ASSET_PURPOSES = ['building_photo', 'avatar', 'oauth2_client_logo'] as const;

export const assetContentTypeSchema = z.enum(ASSET_CONTENT_TYPES, {
  error: 'Upload a PNG, JPEG or WebP image',
});

/** POST /asset/create. A building photo names its building: the caller must be allowed to change it. */
export const assetCreateBodySchema = z
  .strictObject({
    purpose: z.enum(['building_photo', 'avatar']),
    content_type: assetContentTypeSchema,
    byte_size: z.number().int().min(1, 'The file is empty'),
    building_id: idSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.purpose === 'building_photo' && body.building_id === undefined) {
      context.addIssue({ code: 'custom', path: ['building_id'], message: 'Name the building of the photo' });
    }
    if (body.purpose !== 'building_photo' && body.building_id !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['building_id'],
        message: 'Only a building photo names a building',
      });
    }
  });

/**
 * An asset record. `url` fetches the bytes: a path on this server, signed and valid until a
 * time (no sign-in needed, so an `<img>` can load it); null until the upload is finished.
 */
export const assetSchema = z.object({
  id: idSchema,
  purpose: z.enum(ASSET_PURPOSES),
  content_type: z.string(),
  byte_size: z.number().int(),
  status: z.enum(['pending', 'finished']),
  url: z.string().nullable(),
  inserted_at: timestampSchema,
  finished_at: timestampSchema.nullable(),
});

/** The reply of POST /asset/create: the pending asset and where its bytes go, until when. */
export const assetUploadSchema = assetSchema.extend({
  upload_url: z.string(),
  upload_method: z.literal('PUT'),
  expires_at: timestampSchema,
});

export type AssetContentType = (typeof ASSET_CONTENT_TYPES)[number];
export type AssetCreateBody = z.infer<typeof assetCreateBodySchema>;
export type Asset = z.infer<typeof assetSchema>;
export type AssetUpload = z.infer<typeof assetUploadSchema>;
