import { expect, type Page, test } from '@playwright/test';
import { apiLogIn, demo, e2eState, logIn } from './support';

test.describe.configure({ mode: 'serial' });

/** The id in the current URL after a path segment, e.g. the building id after /buildings/. */
function idAfter(page: Page, segment: string): string {
  const match = new URL(page.url()).pathname.match(new RegExp(`/${segment}/([0-9a-f-]{36})`));
  if (!match) throw new Error(`no ${segment} id in ${page.url()}`);
  return match[1]!;
}

let buildingId = '';
let doorId = '';

test('a superadmin creates a building and adds a door', async ({ page }) => {
  const { adminEmail, adminPassword } = e2eState();
  await logIn(page, adminEmail, adminPassword);
  await page.goto('/buildings/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E Tower');
  await page.getByLabel('City').fill('Utrecht');
  await page.getByRole('button', { name: 'Create building' }).click();
  await expect(page.getByRole('heading', { name: 'E2E Tower', level: 1 })).toBeVisible();
  buildingId = idAfter(page, 'buildings');

  await page.goto(`/buildings/${buildingId}/doors/new`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Front door');
  await page.getByRole('textbox', { name: 'Unlock time (seconds)' }).fill('2');
  await page.getByRole('button', { name: 'Create door' }).click();
  await expect(page.getByRole('heading', { name: 'Front door', level: 1 })).toBeVisible();
  doorId = idAfter(page, 'doors');
});

test('opening the door shows in a second page live, then it locks again', async ({ context }) => {
  const { adminEmail, adminPassword } = e2eState();
  const opener = await context.newPage();
  await logIn(opener, adminEmail, adminPassword);
  const watcher = await context.newPage();
  await watcher.goto(`/buildings/${buildingId}/doors/${doorId}`);
  await expect(watcher.getByRole('heading', { name: 'Front door', level: 1 })).toBeVisible();
  await expect(watcher.getByText('Live', { exact: true })).toBeVisible();

  await opener.goto(`/buildings/${buildingId}/doors/${doorId}`);
  await opener.getByRole('button', { name: 'Open Front door' }).click();
  await expect(opener.getByText('Door opened')).toBeVisible();

  // The watching page never reloads: the status arrives over the event stream.
  await expect(watcher.getByText('Unlocked').first()).toBeVisible();
  await expect(watcher.getByText('Locked', { exact: true }).first()).toBeVisible({ timeout: 10_000 });
});

test('the manager adds an intercom to the door', async ({ page }) => {
  const { adminEmail, adminPassword } = e2eState();
  await logIn(page, adminEmail, adminPassword);
  await page.goto(`/buildings/${buildingId}/doors/${doorId}/intercom`);
  await expect(page.getByText('This door has no intercom')).toBeVisible();
  await page.getByRole('link', { name: 'Add intercom' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Lobby panel');
  await page.getByLabel('Model').fill('2N IP Verso');
  await page.getByLabel('Device account email').fill('lobby-panel@devices.example.com');
  await page.getByLabel('Device account password').fill('device passphrase 2026');
  await page.getByRole('button', { name: 'Add intercom' }).click();
  await expect(page.getByText('The intercom has been added.')).toBeVisible();
  await expect(page.getByText('lobby-panel@devices.example.com')).toBeVisible();
});

test('a manager is invited by email', async ({ page, request }) => {
  const { adminEmail, adminPassword } = e2eState();
  await logIn(page, adminEmail, adminPassword);
  await page.goto(`/buildings/${buildingId}/managers/new`);
  await page.getByLabel('Email address').fill('new.manager@example.com');
  await page.getByLabel('First name').fill('Mila');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('An invitation has been mailed to new.manager@example.com.')).toBeVisible();

  await page.goto(`/buildings/${buildingId}/managers`);
  await expect(page.getByText('new.manager@example.com')).toBeVisible();
  await expect(page.getByText('Invite pending')).toBeVisible();

  // The invite is in the outbox (no SMTP in this run).
  const { access } = await apiLogIn(request, adminEmail, adminPassword);
  const outbox = await request.get('/api/v4/mail_outbox?to=new.manager@example.com', {
    headers: { authorization: `Bearer ${access}` },
  });
  expect((await outbox.json()).data[0].subject).toBe('You are invited to Gatehouse');
});

test('a member is refused the building’s manager pages with the 403 page', async ({ page, request }) => {
  const { access } = await apiLogIn(request, demo.member);
  const buildings = await request.get('/api/v4/buildings', {
    headers: { authorization: `Bearer ${access}` },
  });
  const harbour = (await buildings.json()).data[0];
  await logIn(page, demo.member);
  for (const path of [
    `/buildings/${harbour.id}/doors/new`,
    `/buildings/${harbour.id}/managers`,
    `/buildings/${buildingId}`,
  ]) {
    await page.goto(path);
    await expect(page.getByText('Error 403')).toBeVisible();
    await expect(page.getByText('Forbidden page')).toBeVisible();
  }
  // What a member may see is shown.
  await page.goto(`/buildings/${harbour.id}/doors`);
  await expect(page.getByRole('heading', { name: 'Doors', level: 1 })).toBeVisible();
  await expect(page.getByText('Main entrance')).toBeVisible();
});
