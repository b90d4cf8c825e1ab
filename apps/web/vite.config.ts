import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        // React stays in "vendor" with the libraries built on it: a chunk of its own made the
        // minified build crash in Chromium on the first protected page (found by a browser smoke test).
        codeSplitting: {
          groups: [
            // `$initial`: only what the first page load needs. The chart library (recharts, for the
            // dashboard's 14-day chart) is imported lazily and lands in "charts", fetched with it.
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/]/,
              tags: ['$initial'],
              priority: 20,
            },
            {
              name: 'tanstack',
              test: /node_modules[\\/]@tanstack[\\/]/,
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
            { name: 'charts', test: /node_modules[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
});
