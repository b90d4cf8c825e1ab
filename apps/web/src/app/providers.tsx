import { TOAST_ANIMATION_MS } from '@gatehouse/core';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../i18n';
import { theme } from './theme';

/** Everything the app runs inside; tests use the same providers. */
export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** Mantine's "test" environment turns off transitions and portals. */
  env?: 'default' | 'test';
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env={env}>
        <Notifications position="top-right" transitionDuration={TOAST_ANIMATION_MS} limit={4} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
