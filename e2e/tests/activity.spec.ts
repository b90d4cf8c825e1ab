import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiLogIn, e2eState, logIn } from './support';

test.describe.configure({ mode: 'serial' });

let mapleId = '';
let doors: { id: string; name: string }[] = [];

test.beforeAll(async ({ request }) => {
  const { adminEmail, adminPassword } = e2eState();
  const { access } = await apiLogIn(request, adminEmail, adminPassword);
  const headers = { authorization: `Bearer ${access}` };
  const buildings = (await (await request.get('/api/v4/buildings?search=Maple', { headers })).json()).data;
  mapleId = buildings[0].id;
  doors = (await (await request.get(`/api/v4/buildings/${mapleId}/doors`, { headers })).json()).data;
});

test('a door opened in one page appears live on Door activity in another', async ({ context }) => {
  const { adminEmail, adminPassword } = e2eState();
  const activity = await context.newPage();
  await logIn(activity, adminEmail, adminPassword);
  await activity.goto(`/buildings/${mapleId}/door_entries`);
  await expect(activity.getByRole('heading', { name: 'Door activity', level: 1 })).toBeVisible();

  const front = doors.find((door) => door.name === 'Front door')!;
  const opener = await context.newPage();
  await opener.goto(`/buildings/${mapleId}/doors/${front.id}`);
  await opener.getByRole('button', { name: 'Open Front door' }).click();
  await expect(opener.getByText('Door opened')).toBeVisible();

  // No reload: the row arrives over the event stream.
  const row = activity.getByRole('row').filter({ hasText: 'Front door' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('Opened')).toBeVisible();
});

test('a filter by door lives in the URL, so the filtered view can be shared', async ({ page, browser }) => {
  const { adminEmail, adminPassword } = e2eState();
  await logIn(page, adminEmail, adminPassword);
  const back = doors.find((door) => door.name === 'Back door')!;
  await page.goto(`/buildings/${mapleId}/door_entries`);
  await page.getByRole('combobox', { name: 'Door' }).click();
  await page.getByRole('option', { name: 'Back door' }).click();
  await expect(page).toHaveURL(new RegExp(`door=${back.id}`));
  const shared = page.url();

  // Someone else opens the shared address and sees the same filter.
  const colleague = await browser.newContext({ baseURL: e2eState().baseUrl });
  const other = await colleague.newPage();
  await logIn(other, adminEmail, adminPassword);
  await other.goto(shared);
  await expect(other.getByRole('combobox', { name: 'Door' })).toHaveValue('Back door');
  await expect(other.getByText('Nothing matches these filters')).toBeVisible();
  await colleague.close();
});

test('Export CSV downloads the rows of the filter', async ({ page }) => {
  const { adminEmail, adminPassword } = e2eState();
  await logIn(page, adminEmail, adminPassword);
  await page.goto(`/buildings/${mapleId}/door_entries`);
  await expect(page.getByRole('row').filter({ hasText: 'Front door' }).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^door-activity-.*\.csv$/);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  const [header, ...lines] = text.trim().split('\n');
  expect(header).toBe(
    'occurred_at,local_time,door,person,email,visitor,intercom,unit,method,app,result,reason,elevator',
  );
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.some((line) => line.includes(',Front door,') && line.includes(',dashboard,,opened,'))).toBe(
    true,
  );
});
