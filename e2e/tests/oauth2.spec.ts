import { expect, type Page, test } from '@playwright/test';
import { OAuthTestApp } from './oauth-client';
import { apiLogIn, demo, e2eState, logIn, submitLogin } from './support';

/*
 * The whole dance of a third-party app: a superadmin registers it on the dashboard, a building
 * manager connects it from the app's own site (signing in on the way) and consents, the app trades
 * the code for tokens and opens a door with its token, and Door activity names the app. A grant
 * without `doors:open` is refused, a denial goes back to the app, and revoking on the profile stops
 * the app's token at once.
 */

test.describe.configure({ mode: 'serial' });

const APP_NAME = 'Courier Lockers';
let app: OAuthTestApp;
let harbourId = '';
let mainEntrance = { id: '', name: '' };

test.beforeAll(async ({ request }) => {
  app = new OAuthTestApp(e2eState().baseUrl);
  await app.start();
  // The demo's Harbour View manager, with the dashboard in English for these tests.
  const { access } = await apiLogIn(request, demo.buildingManager);
  const headers = { authorization: `Bearer ${access}`, 'x-csrf-token': '1' };
  expect((await request.put('/api/v4/me/account', { headers, data: { locale: 'en' } })).status()).toBe(200);
  const buildings = (await (await request.get('/api/v4/buildings', { headers })).json()).data;
  harbourId = buildings.find((b: { name: string }) => b.name === 'Harbour View').id;
  const doors = (await (await request.get(`/api/v4/buildings/${harbourId}/doors`, { headers })).json()).data;
  mainEntrance = doors.find((d: { name: string }) => d.name === 'Main entrance');
});

test.afterAll(async () => {
  await app?.stop();
});

async function consent(page: Page, scope: string) {
  await page.goto(app.startUrl(scope));
  await expect(page.getByRole('heading', { name: `Allow ${APP_NAME} access?`, level: 1 })).toBeVisible();
}

test('a superadmin registers the app; its secret is shown once', async ({ page }) => {
  const { adminEmail, adminPassword } = e2eState();
  await logIn(page, adminEmail, adminPassword);
  await page.goto('/accounts');
  await page.getByRole('link', { name: 'Third-party apps' }).click();
  await expect(page.getByRole('heading', { name: 'Third-party apps', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New app' }).click();

  await page.getByRole('textbox', { name: /^Name/ }).fill(APP_NAME);
  await page
    .getByRole('textbox', { name: /^Description/ })
    .fill('Parcel lockers in your lobby: couriers get in while you are out.');
  await page.getByRole('textbox', { name: /^Redirect URIs/ }).fill(app.callbackUrl);
  await page.getByRole('checkbox', { name: /^See your doors/ }).check();
  await page.getByRole('checkbox', { name: /^Open doors/ }).check();
  await expect(page.getByRole('switch', { name: /^Confidential app/ })).toBeChecked();
  await page.getByRole('button', { name: 'Register app' }).click();

  const dialog = page.getByRole('dialog', { name: "The app's client secret" });
  await expect(dialog.getByText('it will not be shown again')).toBeVisible();
  const clientId = await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue();
  const secret = await dialog.getByRole('textbox', { name: 'Client secret' }).inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await dialog.getByRole('button', { name: 'I have copied the secret' }).click();

  await expect(page).toHaveURL(new RegExp(`/accounts/oauth2_clients/${clientId}$`));
  await expect(page.getByRole('heading', { name: APP_NAME, level: 1 })).toBeVisible();
  await expect(page.getByTestId('oauth2-client-id')).toHaveText(clientId);
  await page.reload();
  await expect(page.getByRole('heading', { name: APP_NAME, level: 1 })).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  app.register(clientId, secret);
});

test('a manager connects the app from its site, signing in on the way; the app opens a door', async ({
  page,
}) => {
  await page.goto(app.startUrl('doors:read doors:open'));
  // Signed out: the login page first, then back to the very same request.
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await submitLogin(page, demo.buildingManager);
  await expect(page.getByRole('heading', { name: `Allow ${APP_NAME} access?`, level: 1 })).toBeVisible();
  await expect(page.getByText('Parcel lockers in your lobby')).toBeVisible();
  const scopes = page.getByRole('list', { name: 'What the app may do' });
  await expect(scopes.getByText('See the doors you may open')).toBeVisible();
  await expect(scopes.getByText('Open the doors you may open, in your name')).toBeVisible();
  await expect(page.getByText(`you go back to ${new URL(app.url).host}`)).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(new RegExp(`^${app.callbackUrl}\\?code=`));
  await expect(page.getByRole('heading', { name: 'Connected to Gatehouse' })).toBeVisible();
  const result = app.lastResult;
  expect(result?.kind === 'tokens' && result.tokens.scope).toBe('doors:read doors:open');

  const doors = await app.api('GET', '/me/doors');
  expect(doors.status).toBe(200);
  expect((doors.body as { data: { id: string }[] }).data.map((door) => door.id)).toContain(mainEntrance.id);

  const opened = await app.openDoor(harbourId, mainEntrance.id);
  expect(opened.status).toBe(200);
  expect((opened.body as { data: { result: string } }).data.result).toBe('opened');

  // Door activity shows who opened it, through which app and how.
  await page.goto(`/buildings/${harbourId}/door_entries`);
  const row = page
    .getByRole('table', { name: 'Door activity' })
    .getByRole('row')
    .filter({ hasText: `via ${APP_NAME}` })
    .first();
  await expect(row).toBeVisible();
  await expect(row.getByText(mainEntrance.name)).toBeVisible();
  await expect(row.getByText('Maya Jansen')).toBeVisible();
  await expect(row.getByText('API', { exact: true })).toBeVisible();
  await expect(row.getByText('Opened')).toBeVisible();
});

test('a grant without doors:open cannot open a door (403 insufficient_scope)', async ({ page }) => {
  const earlierToken = app.accessToken;
  await logIn(page, demo.buildingManager);
  await consent(page, 'doors:read');
  const scopes = page.getByRole('list', { name: 'What the app may do' });
  await expect(scopes.getByText('See your doors')).toBeVisible();
  await expect(scopes.getByText('Open doors')).toHaveCount(0);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'Connected to Gatehouse' })).toBeVisible();

  expect((await app.api('GET', '/me/doors')).status).toBe(200);
  const refused = await app.openDoor(harbourId, mainEntrance.id);
  expect(refused.status).toBe(403);
  expect((refused.body as { errors: { code: string }[] }).errors[0]?.code).toBe('insufficient_scope');
  // A new consent replaces the app's earlier grant: the earlier token stops working.
  expect((await app.openDoor(harbourId, mainEntrance.id, earlierToken)).status).toBe(401);
});

test('an app asking for a scope it may not have, or another return address, is stopped on the page', async ({
  page,
}) => {
  await logIn(page, demo.buildingManager);
  await page.goto(app.startUrl('doors:open activity:read'));
  await expect(page.getByText('This request cannot be completed')).toBeVisible();
  await expect(
    page.getByText('The app asked for permissions it may not ask for: activity:read.'),
  ).toBeVisible();

  const tampered = new URL(page.url());
  tampered.searchParams.set('scope', 'doors:read');
  tampered.searchParams.set('redirect_uri', `${app.url}/elsewhere`);
  await page.goto(tampered.pathname + tampered.search);
  await expect(page.getByText('an address it has not registered')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow' })).toHaveCount(0);
  expect(new URL(page.url()).origin).toBe(e2eState().baseUrl);
});

test('denying sends the user back to the app with access_denied', async ({ page }) => {
  await logIn(page, demo.buildingManager);
  await consent(page, 'doors:read doors:open');
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(new RegExp(`^${app.callbackUrl}\\?error=access_denied`));
  await expect(page.getByRole('heading', { name: 'Not connected' })).toBeVisible();
  expect(app.lastResult).toMatchObject({ kind: 'error', error: 'access_denied' });
});

test('revoking the app on the profile stops its token at once', async ({ page }) => {
  expect((await app.api('GET', '/me/doors')).status).toBe(200);
  await logIn(page, demo.buildingManager);
  await page.goto('/profile');
  const connected = page.getByRole('region', { name: 'Connected apps' });
  const item = connected.getByRole('listitem').filter({ hasText: APP_NAME });
  await expect(item.getByText('See your doors')).toBeVisible();
  await expect(item.getByText('All your buildings')).toBeVisible();
  await item.getByRole('button', { name: `Revoke access: ${APP_NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke access for ${APP_NAME}?` });
  await dialog.getByRole('button', { name: 'Revoke access' }).click();
  await expect(page.getByText(`${APP_NAME} no longer has access to your account.`)).toBeVisible();
  await expect(connected.getByText('You have not connected any apps.')).toBeVisible();

  const after = await app.api('GET', '/me/doors');
  expect(after.status).toBe(401);
});
