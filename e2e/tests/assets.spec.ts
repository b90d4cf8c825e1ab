import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiLogIn, demo, logIn, logOut } from './support';

test.describe.configure({ mode: 'serial' });

/** A real PNG of one colour, made here: the browser must decode it for the test to pass. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill([r, g, b]).flat())]);
  const pixels = Buffer.concat(Array(height).fill(row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The image has loaded and decoded (the signed link served it, with its type). */
async function expectLoaded(image: Locator, width: number) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(width);
}

async function pictureCard(page: Page) {
  return page.getByRole('region', { name: 'Picture' });
}

test('a building manager uploads a photo of their building and sees it', async ({ page, request }) => {
  // The demo's Harbour View manager reads Dutch; these tests read English.
  const { access } = await apiLogIn(request, demo.buildingManager);
  const headers = { authorization: `Bearer ${access}`, 'x-csrf-token': '1' };
  await request.put('/api/v4/me/account', { headers, data: { locale: 'en' } });
  const buildings = (await (await request.get('/api/v4/buildings', { headers })).json()).data;
  const harbour = buildings.find((b: { name: string }) => b.name === 'Harbour View') as { id: string };

  await logIn(page, demo.buildingManager);
  await page.goto(`/buildings/${harbour.id}/properties`);
  const card = page.getByRole('region', { name: 'Photo' });
  await expect(card.getByText('No photo yet.')).toBeVisible();
  await card.getByLabel('Photo file').setInputFiles({
    name: 'harbour-view.png',
    mimeType: 'image/png',
    buffer: solidPng(48, 32, [30, 110, 160]),
  });
  await expect(page.getByText('The photo has been saved.')).toBeVisible();
  await expectLoaded(card.getByRole('img', { name: 'Photo of Harbour View' }), 48);
  await expect(card.getByRole('button', { name: 'Replace photo' })).toBeVisible();

  // The building's own page shows it too, after a reload (from the server, not the cache).
  await page.goto(`/buildings/${harbour.id}`);
  await expectLoaded(page.getByRole('img', { name: 'Photo of Harbour View' }), 48);

  // A file that is not an image is refused before anything is sent.
  await page.goto(`/buildings/${harbour.id}/properties`);
  await page
    .getByRole('region', { name: 'Photo' })
    .getByLabel('Photo file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(page.getByText('Choose a PNG, JPEG or WebP image.')).toBeVisible();
  await logOut(page);
});

test('a resident sets a profile picture and removes it again', async ({ page }) => {
  await logIn(page, demo.otherMember);
  await page.goto('/profile');
  const card = await pictureCard(page);
  await card.getByLabel('Picture file').setInputFiles({
    name: 'dave.png',
    mimeType: 'image/png',
    buffer: solidPng(40, 40, [200, 90, 40]),
  });
  await expect(page.getByText('Your picture has been saved.')).toBeVisible();
  await expectLoaded(card.getByRole('img', { name: 'Picture of Dave Visser' }), 40);
  // The navigation shows it in place of the profile icon.
  const navigationPicture = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profile' })
    .locator('img');
  await expectLoaded(navigationPicture, 40);

  // It stays after a reload, and goes when removed.
  await page.reload();
  await expectLoaded((await pictureCard(page)).getByRole('img', { name: 'Picture of Dave Visser' }), 40);
  await (await pictureCard(page)).getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Your picture has been removed.')).toBeVisible();
  await expect((await pictureCard(page)).getByRole('img')).toHaveCount(0);
  await expect(navigationPicture).toHaveCount(0);
});
