import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach } from 'vitest';
import { App } from '../app/app';
import { createAppRouter } from '../app/router';
import i18n from '../i18n';
import { createQueryClient } from '../lib/query-client';
import { clearAllToasts } from '../lib/toast';
import { tokenService } from '../lib/token-service';
import { tokensWire } from './fixtures';

beforeEach(async () => {
  tokenService.setLoggedOut();
  clearAllToasts();
  await i18n.changeLanguage('en');
});

/** Signs in as the token client would after a login: tokens stored, status published. */
export function signIn(accessTtl = 900, refreshTtl = 3600): void {
  const tokens = tokensWire(accessTtl, refreshTtl);
  tokenService.setStatus({
    accessToken: tokens.access,
    accessTokenExp: tokens.access_exp,
    refreshToken: tokens.refresh,
    refreshTokenExp: tokens.refresh_exp,
  });
}

/** Renders the whole app at `path`, with Mantine's test environment (no transitions, no portals). */
export async function renderApp(path: string, options: { width?: number } = {}) {
  if (options.width) window.innerWidth = options.width;
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ history });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } });
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} env="test" />);
  await act(async () => {
    await router.load();
  });
  return { ...view, router, history, queryClient, user };
}

/** The text of the breadcrumb trail, e.g. ["Buildings", "Building", "Doors"]. */
export function breadcrumbLabels(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
  return Array.from(nav.querySelectorAll('a')).map((link) => link.textContent ?? '');
}
