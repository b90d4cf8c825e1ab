import { expect, test } from '@playwright/test';
import { apiLogIn, demo, e2eState, logIn } from './support';

/*
 * The elevator call on entry (decision 008) against the fake KONE cloud that global-setup starts:
 * a manager links Harbour View to a KONE building, turns the call on and gives unit 1A its
 * destination floor; then Bob, a member of 1A, opens the main entrance and the elevator is called.
 * Maya, Harbour View's manager, reads the dashboard in Dutch (demo data); Bob in English.
 */

const KONE_BUILDING = '9990000951';
let buildingId = '';
let unitId = '';

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
  const units = (await (await request.get(`/api/v4/units?building_id=${buildingId}`, { headers })).json())
    .data;
  unitId = units.find((unit: { name: string }) => unit.name === '1A').id;
});

interface KoneCall {
  buildingId: string;
  payload: { area: number; call: { action: number; destination: number } };
}

/** The elevator calls the fake KONE received so far. */
async function koneCalls(): Promise<KoneCall[]> {
  const response = await fetch(`${process.env.E2E_KONE_URL}/__fake/calls`);
  return (await response.json()) as KoneCall[];
}

test('a manager sets up the elevator call; a member comes in and the elevator is called', async ({
  page,
  browser,
}) => {
  await logIn(page, demo.buildingManager);

  // The building: linked to a KONE building chosen from KONE's list, elevator call on.
  await page.goto(`/buildings/${buildingId}/properties`);
  const koneSelect = page.getByRole('combobox', { name: 'KONE-gebouw-ID' });
  await expect(koneSelect).toBeEnabled();
  await koneSelect.click();
  await page.getByRole('option', { name: KONE_BUILDING }).click();
  await page.getByRole('switch', { name: /^Lift roepen bij binnenkomst/ }).check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Het gebouw is opgeslagen.')).toBeVisible();

  // The unit: its destination floor, from the KONE building's floors.
  await page.goto(`/units/${unitId}/properties`);
  const floorSelect = page.getByRole('combobox', { name: /^Bestemmingsverdieping/ });
  await expect(floorSelect).toBeEnabled();
  await floorSelect.click();
  await page.getByRole('option', { name: 'L2 (3000)' }).click();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('De unit is opgeslagen.')).toBeVisible();

  // Bob, a member of 1A, opens the main entrance from the Gatehouse App.
  const before = (await koneCalls()).length;
  const bob = await browser.newContext({ baseURL: e2eState().baseUrl });
  const phone = await bob.newPage();
  await logIn(phone, demo.member);
  await phone.goto('/webapp');
  await phone.getByRole('button', { name: 'Open Main entrance' }).click();
  await expect(phone.getByText('Door opened')).toBeVisible();
  await bob.close();

  // KONE got a destination call from the lobby to the unit's floor.
  await expect
    .poll(async () => (await koneCalls()).slice(before))
    .toEqual([
      expect.objectContaining({
        buildingId: `building:${KONE_BUILDING}`,
        payload: expect.objectContaining({ area: 1000, call: { action: 2, destination: 3000 } }),
      }),
    ]);

  // Door activity shows the call with Bob's entry (written once KONE answered, just after the open).
  await expect(async () => {
    await page.goto(`/buildings/${buildingId}/door_entries`);
    const row = page.getByRole('row').filter({ hasText: 'Main entrance' }).first();
    await expect(row.getByText('Lift geroepen naar area 3000')).toBeVisible({ timeout: 3000 });
  }).toPass();
});
