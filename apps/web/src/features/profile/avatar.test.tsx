import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_ID, assetUrlOf, pngFile, uploadRoutes } from '../../test/assets';
import { mockApi, ok, type RecordedRequest } from '../../test/fetch-mock';
import { APP_CONFIG_WIRE, accountWire } from '../../test/fixtures';
import { renderApp, signIn } from '../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  signIn();
});

/** A fake account that keeps the avatar PUT sets, as the server would. */
function api(avatar: string | null) {
  let account = accountWire({ avatar_asset_id: avatar, avatar_url: avatar ? assetUrlOf(avatar) : null });
  return mockApi({
    'GET /app_config': ok(APP_CONFIG_WIRE),
    'GET /me/account': () => ok({ account }),
    'PUT /me/account': (request: RecordedRequest) => {
      const id = (request.body as { avatar_asset_id: string | null }).avatar_asset_id;
      account = { ...account, avatar_asset_id: id, avatar_url: id ? assetUrlOf(id) : null };
      return ok({ account });
    },
    'GET /me/sessions': ok([]),
    'GET /me/oauth2_authorizations': ok([]),
    ...uploadRoutes(),
  });
}

async function openPictureCard() {
  const app = await renderApp('/profile', { width: 1280 });
  const card = await screen.findByRole('region', { name: 'Picture' });
  return { ...app, card };
}

// The profile page holds many sections: on a busy machine it takes seconds to render.
describe('the profile picture', { timeout: 15_000 }, () => {
  it('uploads a picture, sets it as the avatar and shows it on the profile and in the navigation', {
    timeout: 20_000,
  }, async () => {
    const requests = api(null);
    const { user, card } = await openPictureCard();
    expect(within(card).queryByRole('img', { name: /Picture of/ })).not.toBeInTheDocument();
    // Until then the initials stand in.
    expect(within(card).getByText('JD')).toBeInTheDocument();

    const file = pngFile('me.png');
    await user.upload(within(card).getByLabelText('Picture file'), file);

    expect(await within(card).findByRole('img', { name: 'Picture of Jane Doe' })).toHaveAttribute(
      'src',
      assetUrlOf(ASSET_ID),
    );
    expect(requests.calls('POST /asset/create')[0]?.body).toEqual({
      purpose: 'avatar',
      content_type: 'image/png',
      byte_size: file.size,
    });
    expect(requests.calls(`PUT /asset/${ASSET_ID}/finish`)).toHaveLength(1);
    expect(requests.calls('PUT /me/account')[0]?.body).toEqual({ avatar_asset_id: ASSET_ID });
    expect(await screen.findByText('Your picture has been saved.')).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    // The picture stands in for the profile icon in the navigation (hidden from screen readers).
    await waitFor(() =>
      expect(navigation.querySelector('img')?.getAttribute('src')).toBe(assetUrlOf(ASSET_ID)),
    );
  });

  it('removes the picture', async () => {
    const requests = api(ASSET_ID);
    const { user, card } = await openPictureCard();
    expect(within(card).getByRole('img', { name: 'Picture of Jane Doe' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Remove picture' }));
    await waitFor(() =>
      expect(within(card).queryByRole('img', { name: /Picture of/ })).not.toBeInTheDocument(),
    );
    expect(requests.calls('PUT /me/account')[0]?.body).toEqual({ avatar_asset_id: null });
    expect(await screen.findByText('Your picture has been removed.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Upload a picture' })).toBeInTheDocument();
  });

  it('refuses a file of another type before sending anything', async () => {
    const requests = api(null);
    const { card } = await openPictureCard();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(within(card).getByLabelText('Picture file'), { target: { files: [text] } });
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeInTheDocument();
    expect(requests.calls('POST /asset/create')).toHaveLength(0);
  });
});
