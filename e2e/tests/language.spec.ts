import { expect, test } from '@playwright/test';
import { demo, e2eState } from './support';

test('a user whose language is Dutch gets the dashboard in Dutch', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email address').fill(demo.unitManager);
  await page.getByLabel('Password', { exact: true }).fill(e2eState().demoPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(nav.getByRole('link', { name: 'Gebouwen' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profiel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welkom, Anna de Vries' })).toBeVisible();
});
