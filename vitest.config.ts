import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace that needs no browser (`npm test`).
// Each workspace keeps its own settings in its `vitest.config.ts`.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/api', 'apps/web'],
  },
});
