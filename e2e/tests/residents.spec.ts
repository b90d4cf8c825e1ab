import { type APIRequestContext, devices, expect, test } from '@playwright/test';
import { apiLogIn, demo, e2eState, logIn } from './support';

test.describe.configure({ mode: 'serial' });

/** The building manager of the demo's Harbour View, with the dashboard in English for these tests. */
async function harbourAsManager(request: APIRequestContext) {
  const { access } = await apiLogIn(request, demo.buildingManager);
  const headers = { authorization: `Bearer ${access}`, 'x-csrf-token': '1' };
  await request.put('/api/v4/me/account', { headers, data: { locale: 'en' } });
  const buildings = (await (await request.get('/api/v4/buildings', { headers })).json()).data;
  const harbour = buildings.find((b: { name: string }) => b.name === 'Harbour View');
  const units = (
    await (await request.get(`/api/v4/units?building_id=${harbour.id}&search=2A`, { headers })).json()
  ).data;
  const doors = (await (await request.get(`/api/v4/buildings/${harbour.id}/doors`, { headers })).json()).data;
  return {
    headers,
    unitId: units[0].id as string,
    bikeStorage: doors.find((d: { name: string }) => d.name === 'Bike storage') as { id: string },
  };
}

let unitId = '';
let visitorLink = '';
let visitorPage = '';

test('a manager adds members from a CSV file and gives their unit a door', async ({ page, request }) => {
  const harbour = await harbourAsManager(request);
  unitId = harbour.unitId;
  await logIn(page, demo.buildingManager);

  await page.goto(`/units/${unitId}/members/new`);
  await page.getByRole('tab', { name: 'Upload a CSV file' }).click();
  const csv = [
    'email,first_name,last_name,role',
    `${demo.otherMember},Dave,Visser,member`,
    'nora.bakker@example.com,Nora,Bakker,member',
    'not-an-email,Broken,Row,member',
  ].join('\n');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'residents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('2 valid, 1 with errors')).toBeVisible();
  await page.getByRole('button', { name: 'Add 2 members' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add 2 members' }).click();
  await expect(page.getByText('2 members have been added.')).toBeVisible();

  await page.goto(`/units/${unitId}/members`);
  await expect(page.getByText('nora.bakker@example.com')).toBeVisible();
  await expect(page.getByText(demo.otherMember)).toBeVisible();

  await page.goto(`/units/${unitId}/entry_schedules/${harbour.bikeStorage.id}`);
  await expect(page.getByRole('heading', { name: 'Create entryschedule', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create entry schedule' }).click();
  await expect(page.getByText('The unit may now open Bike storage.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Entry schedule', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Current schedule' }).getByText('Active now')).toBeVisible();
});

test('the new member signs in to the Gatehouse App and opens the door', async ({ browser }) => {
  const phone = await browser.newContext({ ...devices['Pixel 5'], baseURL: e2eState().baseUrl });
  const page = await phone.newPage();
  await page.goto('/auth/login?redirect=%2Fwebapp');
  await page.getByLabel('Email address').fill(demo.otherMember);
  await page.getByLabel('Password', { exact: true }).fill(e2eState().demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/webapp$/);
  await expect(page.getByText('Bike storage')).toBeVisible();
  await page.getByRole('button', { name: 'Open Bike storage' }).tap();
  await expect(page.getByText('Door opened')).toBeVisible();
  await phone.close();
});

test('a visitor opens a door from their link on a phone, and is refused once it is revoked', async ({
  page,
  browser,
}) => {
  await logIn(page, demo.buildingManager);
  await page.goto(`/units/${unitId}/visitors/new`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Eve Guest');
  await page.getByRole('button', { name: 'Create visitor link' }).click();
  await expect(page.getByText('A link for Eve Guest has been created.')).toBeVisible();
  visitorLink = (
    await page
      .getByLabel('Visitor link')
      .inputValue()
      .catch(async () => page.getByLabel('Visitor link').innerText())
  ).trim();
  expect(visitorLink).toMatch(/\/visitor\/[0-9a-f-]{36}$/);
  visitorPage = page.url();

  const phone = await browser.newContext({ ...devices['Pixel 5'], viewport: { width: 360, height: 740 } });
  const visitor = await phone.newPage();
  await visitor.goto(visitorLink);
  await expect(visitor.getByText('Bike storage')).toBeVisible();
  const scrollWidth = await visitor.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);
  await visitor.getByRole('button', { name: 'Open Bike storage' }).tap();
  await expect(visitor.getByText('Door opened')).toBeVisible();

  await page.goto(visitorPage);
  await page.getByRole('button', { name: 'Revoke link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('The link of Eve Guest has been revoked.')).toBeVisible();

  // Still on the old page: tapping Open is refused; a reload shows the link has been withdrawn.
  await visitor.getByRole('button', { name: 'Open Bike storage' }).tap();
  await expect(visitor.getByText('This link has been withdrawn')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('This link has been withdrawn')).toBeVisible();
  await phone.close();
});
