import fs from 'node:fs';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type E2eState, stateFile } from '../global-setup';

export { demo } from '../global-setup';

export function e2eState(): E2eState {
  return JSON.parse(fs.readFileSync(stateFile, 'utf8'));
}

/** Fills in and sends the login form of the page that is open. */
export async function submitLogin(page: Page, email: string, password = e2eState().demoPassword) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function expectDashboard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** Signs in through the login page and waits for the dashboard. */
export async function logIn(page: Page, email: string, password = e2eState().demoPassword) {
  await page.goto('/auth/login');
  await submitLogin(page, email, password);
  await expectDashboard(page);
}

/** Logs out with the navigation's action and waits for the login page. */
export async function logOut(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Signs in through the API (a second device), returning whole bearer tokens. */
export async function apiLogIn(
  request: APIRequestContext,
  email: string,
  password = e2eState().demoPassword,
) {
  const response = await request.post('/api/v4/me/current_session', {
    headers: { 'x-csrf-token': '1' },
    data: { email, password, token_signature_transport: 'bearer' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { access: string; refresh: string };
}
