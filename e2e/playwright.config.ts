import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against a real Gatehouse: `global-setup.ts` starts the built server on a fresh
 * embedded database (as a newcomer's first `npm start` would) and tears it down afterwards.
 * Chromium comes from Debian (`apt-get install chromium`); nothing is downloaded.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const port = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // One server, one embedded database: tests that share accounts run one at a time.
  workers: 1,
  fullyParallel: false,
  // No retries: several tests change their account, so a retry would not start from the same state.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
