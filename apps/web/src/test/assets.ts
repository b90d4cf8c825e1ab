import type { Asset, AssetUpload } from '@gatehouse/core';
import { ok, type RecordedRequest, type RouteHandler } from './fetch-mock';

export const ASSET_ID = '01900000-0000-7000-8000-0000000000aa';

/** A signed content path, as the server writes it. */
export const assetUrlOf = (id: string) => `/api/v4/asset/${id}/content?exp=1900000000&sig=test-signature`;

export function assetWire(overrides: Partial<Asset> = {}): Asset {
  return {
    id: ASSET_ID,
    purpose: 'avatar',
    content_type: 'image/png',
    byte_size: 68,
    status: 'finished',
    url: assetUrlOf(ASSET_ID),
    inserted_at: '2025-01-01T10:00:00.000Z',
    finished_at: '2025-01-01T10:00:01.000Z',
    ...overrides,
  };
}

/** A small file with a PNG's signature (the browser only looks at its type and size). */
export function pngFile(name = 'photo.png', size = 68): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}

/** The three upload calls as the server answers them: create, the bytes, finish. */
export function uploadRoutes(id = ASSET_ID): Record<string, RouteHandler> {
  let declared: Record<string, unknown> = {};
  return {
    'POST /asset/create': (request: RecordedRequest) => {
      declared = request.body as Record<string, unknown>;
      const upload: AssetUpload = {
        ...assetWire({
          id,
          purpose: declared.purpose as Asset['purpose'],
          content_type: declared.content_type as string,
          byte_size: declared.byte_size as number,
          status: 'pending',
          url: null,
          finished_at: null,
        }),
        upload_url: `/api/v4/asset/${id}/upload`,
        upload_method: 'PUT',
        expires_at: '2025-01-01T11:00:00.000Z',
      };
      return { status: 201, body: { data: upload, errors: [], meta: {} } };
    },
    [`PUT /asset/${id}/upload`]: () => ok(assetWire({ id, status: 'pending', url: null, finished_at: null })),
    [`PUT /asset/${id}/finish`]: () =>
      ok(assetWire({ id, purpose: declared.purpose as Asset['purpose'], url: assetUrlOf(id) })),
  };
}
