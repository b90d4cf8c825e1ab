import { expect, test } from '@playwright/test';
import { verify } from 'otplib';
import { apiLogIn, demo, logIn } from './support';

/*
 * Salto KS locks (decision 008) against the fake Salto KS cloud that global-setup starts with a demo
 * site ("Gatehouse HQ": the locks "Front door" and "Bike shed"). Maya, Harbour View's manager (her
 * dashboard is in Dutch), links the building to the site, makes a door of the site's front door
 * lock with its OTP secret, and opens it: the fake saw an unlock with a valid one-time password.
 */

interface FakeState {
  sites: {
    id: string;
    customer_reference: string;
    locks: { id: string; customer_reference: string; otp_secret: string }[];
  }[];
  unlocks: { siteId: string; lockId: string; otp: string; accepted: boolean }[];
}

async function fakeState(): Promise<FakeState> {
  return (await (await fetch(`${process.env.E2E_SALTOKS_URL}/_fake/state`)).json()) as FakeState;
}

let buildingId = '';

test.beforeAll(async ({ request }) => {
  const { access } = await apiLogIn(request, demo.buildingManager);
  const headers = { authorization: `Bearer ${access}` };
  // Other specs switch this manager to English; this one reads the dashboard in Dutch, as in the demo.
  const dutch = await request.put('/api/v4/me/account', {
    headers: { ...headers, 'x-csrf-token': '1' },
    data: { locale: 'nl' },
  });
  expect(dutch.status()).toBe(200);
  const buildings = (await (await request.get('/api/v4/buildings?search=Harbour', { headers })).json()).data;
  buildingId = buildings[0].id;
});

test('a manager links a Salto KS site, makes a door of one of its locks and opens it', async ({ page }) => {
  const site = (await fakeState()).sites.find(
    (candidate) => candidate.customer_reference === 'Gatehouse HQ',
  )!;
  const lock = site.locks.find((candidate) => candidate.customer_reference === 'Front door')!;
  await logIn(page, demo.buildingManager);

  // The building: linked to the site chosen by name.
  await page.goto(`/buildings/${buildingId}/properties`);
  const siteSelect = page.getByRole('combobox', { name: 'Salto KS-site-ID' });
  await expect(siteSelect).toBeEnabled();
  await siteSelect.click();
  await page.getByRole('option', { name: 'Gatehouse HQ' }).click();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Het gebouw is opgeslagen.')).toBeVisible();

  // The door: the site's front door lock and its OTP secret.
  await page.goto(`/buildings/${buildingId}/doors/new`);
  await page.getByLabel(/^Naam/).fill('Salto voordeur');
  await page.getByRole('combobox', { name: 'Soort slot' }).click();
  await page.getByRole('option', { name: 'Salto KS-slot' }).click();
  const lockSelect = page.getByRole('combobox', { name: /^Slot/ });
  await expect(lockSelect).toBeEnabled();
  await lockSelect.click();
  await expect(page.getByRole('option', { name: 'Bike shed' })).toBeVisible();
  await page.getByRole('option', { name: 'Front door' }).click();
  await page.getByLabel(/^OTP-geheim/).fill(lock.otp_secret);
  await page.getByRole('button', { name: 'Deur aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salto voordeur' })).toBeVisible();

  // Open it: Salto KS unlocks the lock, given a valid one-time password.
  const before = (await fakeState()).unlocks.length;
  await page.getByRole('button', { name: 'Salto voordeur openen' }).click();
  await expect(page.getByText('Deur geopend')).toBeVisible();
  const unlocks = (await fakeState()).unlocks.slice(before);
  expect(unlocks).toMatchObject([{ siteId: site.id, lockId: lock.id, accepted: true }]);
  expect((await verify({ secret: lock.otp_secret, token: unlocks[0]!.otp, epochTolerance: 30 })).valid).toBe(
    true,
  );
});
