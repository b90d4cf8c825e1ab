import { expect, test } from '@playwright/test';
import { demo, submitLogin } from './support';

test('a user whose language is Dutch gets the dashboard in Dutch', async ({ page }) => {
  await page.goto('/auth/login');
  await submitLogin(page, demo.unitManager);
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(nav.getByRole('link', { name: 'Gebouwen' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profiel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welkom, Anna de Vries' })).toBeVisible();
});
