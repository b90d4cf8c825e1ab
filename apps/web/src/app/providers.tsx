import { TOAST_ANIMATION_MS } from '@gatehouse/core';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
// The date pickers' month and day names in Dutch (English is dayjs's own).
import 'dayjs/locale/nl';
import i18n from '../i18n';
import { theme } from './theme';

/** The date and time pickers speak the dashboard's language; weeks start on Monday. */
function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

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
        <LocalisedDates>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </LocalisedDates>
      </MantineProvider>
    </I18nextProvider>
  );
}
