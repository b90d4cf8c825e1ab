import { expect, test } from '@playwright/test';
import { demo, logIn } from './support';

test.describe('at 1280px wide', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the side navigation is always shown', async ({ page }) => {
    await logIn(page, demo.member);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Buildings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Buildings' })).toBeVisible();
  });
});

test.describe('at 800px wide', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the navigation slides in from a hamburger and closes on navigation', async ({ page }) => {
    await logIn(page, demo.member);
    const buildingsLink = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Buildings' });
    await expect(buildingsLink).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(buildingsLink).toBeInViewport();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(buildingsLink).not.toBeInViewport();
  });
});
