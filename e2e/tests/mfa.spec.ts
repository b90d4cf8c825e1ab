import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { demo, e2eState, expectDashboard, logIn, logOut, submitLogin } from './support';

test('enrols TOTP, then signs in with a code and with a recovery code, then turns it off', async ({
  page,
}) => {
  const password = e2eState().demoPassword;
  await logIn(page, demo.inviteMember);
  await page.goto('/profile');
  const mfa = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(mfa.getByText('Two-factor authentication is off.')).toBeVisible();
  await mfa.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await mfa.getByLabel('Current password').fill(password);
  await mfa.getByRole('button', { name: 'Continue' }).click();

  await expect(mfa.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await mfa.getByLabel('Key for manual entry').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await mfa.getByLabel('6-digit code').fill(await generate({ secret }));
  await mfa.getByRole('button', { name: 'Turn on' }).click();

  const codes = mfa.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  await mfa.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(mfa.getByText('Two-factor authentication is on.')).toBeVisible();

  /** Logs out, then in again: the password step, then the second step with this code. */
  const logInAgainWith = async (code: string) => {
    await logOut(page);
    await submitLogin(page, demo.inviteMember, password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectDashboard(page);
  };
  // The code of the next time step: the current one was spent on enrolment.
  await logInAgainWith(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await logInAgainWith(recoveryCode);

  await page.goto('/profile');
  await mfa.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await mfa.getByLabel('Current password').fill(password);
  await mfa.getByRole('button', { name: 'Turn off' }).click();
  await expect(mfa.getByText('Two-factor authentication is off.')).toBeVisible();
});
