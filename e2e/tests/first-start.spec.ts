import { expect, test } from '@playwright/test';
import { e2eState, submitLogin } from './support';

test('the first start prints a superadmin login that opens the dashboard', async ({ page }) => {
  const { firstStartOutput, adminEmail, adminPassword } = e2eState();
  expect(firstStartOutput).toContain('First superadmin created');
  expect(adminPassword.length).toBeGreaterThanOrEqual(16);

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2F$/);
  await submitLogin(page, adminEmail, adminPassword);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome, Admin')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const entry of ['Dashboard', 'Buildings', 'Units', 'Accounts', 'Gatehouse App', 'Profile']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }
});

test('the API reference is served at /api/docs', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Gatehouse API/ })).toBeVisible();
  await expect(page.getByText('/api/v4/me/current_session').first()).toBeVisible();
});
