import { expect, test } from '@playwright/test';
import { demo, logIn } from './support';

test('a member who opens a superadmin page gets the 403 page', async ({ page }) => {
  await logIn(page, demo.member);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Accounts' }),
  ).toHaveCount(0);
  await page.goto('/accounts');
  await expect(page.getByText('Error 403')).toBeVisible();
  await expect(page.getByText('Forbidden page')).toBeVisible();
  await expect(
    page.getByText('We’re sorry, you don’t have acces to the page you requested. That’s all we know.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Take me back' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('an unknown page shows the 404 page', async ({ page }) => {
  await logIn(page, demo.member);
  await page.goto('/no/such/page');
  await expect(page.getByText('Error 404')).toBeVisible();
});
