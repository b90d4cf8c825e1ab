import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // argon2 and database set-up make the first request of a file slower than Vitest's default allows.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
