import { can } from '@gatehouse/core';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Outlet, useLocation, useMatches, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ForbiddenPage, NotFoundPage } from '../components/error-page';
import { BreadcrumbTrail, PageHeader } from '../components/page-header';
import { applyAccountLocale } from '../i18n';
import { AuthLayout } from '../layouts/auth-layout';
import { DefaultLayout } from '../layouts/default-layout';
import { WebappLayout } from '../layouts/webapp-layout';
import type { PageProps } from '../lib/page';
import { PageDataProvider, useCurrentPageData } from '../lib/page-data';
import { useAccount, useLoggedIn, useRoleData } from '../lib/session';
import { clearToastsOnNavigation } from '../lib/toast';
import { subscribeLoggedIn } from '../lib/token-service';

/** Each login-status update re-runs the route checks, so a page that needs a login is left at once. */
function useRecheckOnLoginChange(): void {
  const router = useRouter();
  useEffect(() => subscribeLoggedIn(() => void router.invalidate()), [router]);
}

function useClearToastsOnNavigation(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.hrefChanged) clearToastsOnNavigation();
      }),
    [router],
  );
}

/** The account's locale decides the language once the account is known (spec: i18n). */
function useAccountLanguage(): void {
  const { account } = useAccount();
  const locale = account?.locale;
  useEffect(() => {
    if (locale) void applyAccountLocale(locale);
  }, [locale]);
}

function CenteredLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

function AccountLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" role="alert">
      <Text>{t('errors.accountLoad')}</Text>
      <Button variant="light" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Stack>
  );
}

function Layout({
  page,
  header,
  crumbs,
  title,
  subtitle,
  children,
}: {
  page: Pick<PageProps, 'layout'>;
  header: ReactNode;
  crumbs: Parameters<typeof BreadcrumbTrail>[0]['crumbs'];
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  if (page.layout === 'auth') {
    return (
      <AuthLayout title={title} subtitle={subtitle}>
        {crumbs.length > 1 ? <BreadcrumbTrail crumbs={crumbs} /> : null}
        {children}
      </AuthLayout>
    );
  }
  if (page.layout === 'webapp') return <WebappLayout header={header}>{children}</WebappLayout>;
  return <DefaultLayout header={header}>{children}</DefaultLayout>;
}

/**
 * Renders the current route inside the layout its page props ask for, after the checks of spec 4 and
 * 6: a protected page sends a logged-out user to the login page, and a failed permission check
 * shows the 403 page instead.
 */
function PageShell() {
  const { t } = useTranslation();
  const matches = useMatches();
  const location = useLocation();
  const loggedIn = useLoggedIn();
  const { roleData, isPending } = useRoleData();
  const { isError: accountFailed, refetch } = useAccount();
  const pageData = useCurrentPageData();
  useClearToastsOnNavigation();
  useRecheckOnLoginChange();
  useAccountLanguage();

  const leaf = matches[matches.length - 1];
  const page = leaf?.staticData.page;
  const title = page ? (pageData.pageTitle ?? String(t(page.title))) : t('errors.notFound.code');

  useEffect(() => {
    document.title = `${title} | Gatehouse`;
  }, [title]);

  if (!page) {
    const layout = loggedIn ? 'default' : 'auth';
    return (
      <Layout page={{ layout }} header={null} crumbs={[]} title={t('errors.notFound.code')}>
        <NotFoundPage withHeading={layout === 'default'} />
      </Layout>
    );
  }

  // The root route's check redirects; until it has, show nothing of a protected page.
  if (page.isProtected && !loggedIn) return null;

  const params = (leaf?.params ?? {}) as Record<string, string | undefined>;
  const search = (leaf?.search ?? {}) as Record<string, unknown>;
  const crumbs = page.breadcrumbs({ href: location.href, params, search, t, names: pageData.names ?? {} });
  const subtitle = page.subtitle ? String(t(page.subtitle)) : undefined;

  let content: ReactNode = <Outlet />;
  let forbidden = false;
  if (page.hasPermission) {
    if (isPending) content = <CenteredLoader />;
    else if (accountFailed) content = <AccountLoadError onRetry={() => void refetch()} />;
    else if (!can(roleData, page.hasPermission, { buildingId: params.buildingId, unitId: params.unitId })) {
      forbidden = true;
      content = <ForbiddenPage />;
    }
  }

  const header = forbidden ? null : (
    <PageHeader title={title} subtitle={subtitle} pageType={page.pageType} crumbs={crumbs} />
  );
  return (
    <Layout page={page} header={header} crumbs={crumbs} title={title} subtitle={subtitle}>
      {content}
    </Layout>
  );
}

export function RootComponent() {
  return (
    <PageDataProvider>
      <PageShell />
    </PageDataProvider>
  );
}
