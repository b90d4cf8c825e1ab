import { expect, test } from '@playwright/test';
import { apiLogIn, demo, e2eState, logIn, logOut } from './support';

test.describe.configure({ mode: 'serial' });

test('edits name and phone; the phone is normalised', async ({ page }) => {
  await logIn(page, demo.otherManager);
  await page.goto('/profile');
  const details = page.getByRole('region', { name: 'Personal details' });
  await details.getByLabel('First name').fill('Annie');
  await details.getByLabel('Phone number').fill('06 1234 5678');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();

  await page.reload();
  await expect(details.getByLabel('First name')).toHaveValue('Annie');
  await expect(details.getByLabel('Phone number')).toHaveValue('+31612345678');
});

test('lists the sessions and ends another device’s session', async ({ page, playwright }) => {
  await logIn(page, demo.otherManager);
  const script = await playwright.request.newContext({
    baseURL: e2eState().baseUrl,
    userAgent: 'door-script/1.0',
  });
  const other = await apiLogIn(script, demo.otherManager);

  await page.goto('/profile');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();
  const endOther = sessions.getByRole('button', { name: 'End session: door-script/1.0' });
  await expect(endOther).toHaveCount(1);
  await endOther.click();
  await expect(page.getByText('The session has been ended.')).toBeVisible();
  await expect(endOther).toHaveCount(0);

  const refused = await script.get('/api/v4/me/account', {
    headers: { authorization: `Bearer ${other.access}` },
  });
  expect(refused.status()).toBe(401);
  await script.dispose();
});

test('changes the password; the new one works at the next login', async ({ page }) => {
  const newPassword = 'a fresh passphrase for tom 2026';
  await logIn(page, demo.otherManager);
  await page.goto('/profile');
  const passwordSection = page.getByRole('region', { name: 'Password' });
  await passwordSection.getByLabel('Current password').fill(e2eState().demoPassword);
  await passwordSection.getByLabel('New password').fill(newPassword);
  await passwordSection.getByLabel('Confirm password').fill(newPassword);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await logOut(page);
  await logIn(page, demo.otherManager, newPassword);
});
