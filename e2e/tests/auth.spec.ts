import { expect, test } from '@playwright/test';
import { demo, expectDashboard, logIn, logOut, submitLogin } from './support';

test('a wrong password shows an error and keeps the user on the login page', async ({ page }) => {
  await page.goto('/auth/login');
  await submitLogin(page, demo.otherMember, 'not the right password');
  await expect(page.getByText('The email address or password is not correct.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a protected page sends a logged-out user to log in, then back', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile/);
  await submitLogin(page, demo.otherMember);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});

test('logging out in one tab logs out the other tab', async ({ context }) => {
  const first = await context.newPage();
  await logIn(first, demo.otherMember);
  const second = await context.newPage();
  await second.goto('/profile');
  await expect(second.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  await logOut(first);
  // The other tab hears about it and reloads into the login page.
  await expect(second).toHaveURL(/\/auth\/login/);
  const status = await second.evaluate(() => localStorage.getItem('authStatus'));
  expect(status).toBeNull();
});

test('logging in in one tab logs in the other tab', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/auth/login');
  const second = await context.newPage();
  await second.goto('/profile');
  await expect(second).toHaveURL(/\/auth\/login\?redirect=%2Fprofile/);

  await submitLogin(first, demo.otherMember);
  await expectDashboard(first);
  // The other tab reloads by itself and, now signed in, goes on to the page it wanted.
  await expect(second).toHaveURL(/\/profile$/);
  await expect(second.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
});
