import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { trackRawLocation } from '../lib/raw-location';
import { routeTree } from './routes';

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    defaultPreload: false,
    scrollRestoration: true,
    ...(options.history ? { history: options.history } : {}),
  });
  trackRawLocation(router.history);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
