import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_ID, assetUrlOf, pngFile, uploadRoutes } from '../../test/assets';
import {
  type FakeReply,
  fail,
  mockApi,
  ok,
  type RecordedRequest,
  type RouteHandler,
} from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, BUILDING_ID, buildingWire, managerAccountWire } from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

const OLD_PHOTO_ID = '01900000-0000-7000-8000-0000000000ab';

/** A fake building that keeps the photo PUT sets, as the server would. */
function api(initialPhoto: string | null, routes: Record<string, RouteHandler | FakeReply> = {}) {
  let building = buildingWire({
    photo_asset_id: initialPhoto,
    photo_url: initialPhoto ? assetUrlOf(initialPhoto) : null,
  });
  return mockApi({
    'GET /me/account': ok({ account: managerAccountWire() }),
    'GET /app_config': ok(APP_CONFIG_WIRE),
    [`GET /buildings/${BUILDING_ID}`]: () => ok(building),
    [`PUT /buildings/${BUILDING_ID}`]: (request: RecordedRequest) => {
      const photo = (request.body as { photo_asset_id: string | null }).photo_asset_id;
      building = { ...building, photo_asset_id: photo, photo_url: photo ? assetUrlOf(photo) : null };
      return ok(building);
    },
    // The properties form asks the providers for their lists; here neither is set up.
    'GET /saltoks/sites': fail(503, [{ code: 'saltoks_not_configured', message: 'Salto KS is off' }]),
    'GET /kone/resources': fail(503, [{ code: 'kone_not_configured', message: 'KONE is off' }]),
    ...uploadRoutes(),
    ...routes,
  });
}

async function openPhotoCard() {
  const app = await renderApp(`/buildings/${BUILDING_ID}/properties`);
  const card = await screen.findByRole('region', { name: 'Photo' });
  return { ...app, card };
}

// The properties page is the dashboard's largest form: on a busy machine it takes seconds to render.
describe('the building photo card', { timeout: 15_000 }, () => {
  it('uploads a photo (declare, bytes, finish), sets it on the building and shows it', async () => {
    const requests = api(null);
    const { user, card } = await openPhotoCard();
    expect(within(card).getByText('No photo yet.')).toBeInTheDocument();

    const file = pngFile();
    await user.upload(within(card).getByLabelText('Photo file'), file);

    const photo = await within(card).findByRole('img', { name: 'Photo of Harbour House' });
    expect(photo).toHaveAttribute('src', assetUrlOf(ASSET_ID));
    expect(requests.calls('POST /asset/create')[0]?.body).toEqual({
      purpose: 'building_photo',
      content_type: 'image/png',
      byte_size: file.size,
      building_id: BUILDING_ID,
    });
    const upload = requests.calls(`PUT /asset/${ASSET_ID}/upload`)[0]!;
    expect(upload.headers.get('content-type')).toBe('image/png');
    expect(upload.headers.get('x-csrf-token')).toBeTruthy();
    expect(upload.body).toBeInstanceOf(Blob);
    expect((upload.body as Blob).size).toBe(file.size);
    expect(requests.calls(`PUT /asset/${ASSET_ID}/finish`)).toHaveLength(1);
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toEqual({ photo_asset_id: ASSET_ID });
    expect(await screen.findByText('The photo has been saved.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Replace photo' })).toBeInTheDocument();
  });

  it('refuses a file that is not a PNG, JPEG or WebP image, or too large, before sending anything', async () => {
    const requests = api(null);
    const { card } = await openPhotoCard();
    const input = within(card).getByLabelText('Photo file');

    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();

    const big = pngFile('big.png');
    // Only the size is read before sending; no need to hold 5 MB in memory for it.
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('This image is larger than 5 MB.')).toBeInTheDocument();
    expect(requests.calls('POST /asset/create')).toHaveLength(0);
  });

  it('shows what the server refused and leaves the building as it was', async () => {
    const requests = api(null, {
      [`PUT /asset/${ASSET_ID}/upload`]: () =>
        fail(422, [{ code: 'validation_failed', message: 'The file is not a image/png image' }]),
    });
    const { user, card } = await openPhotoCard();
    await user.upload(within(card).getByLabelText('Photo file'), pngFile());
    expect(await screen.findByText('The file is not a image/png image')).toBeInTheDocument();
    expect(requests.calls(`PUT /asset/${ASSET_ID}/finish`)).toHaveLength(0);
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)).toHaveLength(0);
    expect(within(card).getByText('No photo yet.')).toBeInTheDocument();
  });

  it('removes the photo after confirmation', async () => {
    const requests = api(OLD_PHOTO_ID);
    const { user, card } = await openPhotoCard();
    expect(within(card).getByRole('img', { name: 'Photo of Harbour House' })).toHaveAttribute(
      'src',
      assetUrlOf(OLD_PHOTO_ID),
    );
    await user.click(within(card).getByRole('button', { name: 'Remove photo' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    expect(await within(card).findByText('No photo yet.')).toBeInTheDocument();
    expect(requests.calls(`PUT /buildings/${BUILDING_ID}`)[0]?.body).toEqual({ photo_asset_id: null });
    expect(requests.calls('POST /asset/create')).toHaveLength(0);
    expect(await screen.findByText('The photo has been removed.')).toBeInTheDocument();
  });
});

describe('the building page', () => {
  it('shows the photo when the building has one', async () => {
    api(OLD_PHOTO_ID);
    await renderApp(`/buildings/${BUILDING_ID}`);
    expect(await screen.findByRole('img', { name: 'Photo of Harbour House' })).toHaveAttribute(
      'src',
      assetUrlOf(OLD_PHOTO_ID),
    );
  });

  it('shows no photo when there is none', async () => {
    api(null);
    await renderApp(`/buildings/${BUILDING_ID}`);
    await screen.findByRole('region', { name: 'Address' });
    await waitFor(() => expect(screen.queryByRole('img', { name: /^Photo of/ })).not.toBeInTheDocument());
  });
});
