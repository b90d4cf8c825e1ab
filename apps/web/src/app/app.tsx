import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './providers';
import type { createAppRouter } from './router';

export function App({
  router,
  queryClient,
  env,
}: {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  env?: 'default' | 'test';
}) {
  return (
    <AppProviders queryClient={queryClient} env={env}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
