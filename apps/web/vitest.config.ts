import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // jsdom renders of whole pages (Mantine, router, query) take seconds on a busy 2-core CI
    // machine; the limits bound a hung test, they are not speed assertions.
    testTimeout: 30_000,
  },
});
