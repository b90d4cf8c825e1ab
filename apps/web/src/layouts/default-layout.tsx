import { AppShell, Group, ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../components/logo';
import { useLogOutAction } from '../lib/use-log-out-action';
import { NavigationBurger, NavigationPanel } from './navigation-panel';
import { SideNavigation } from './side-navigation';
import { useNavigationPanel } from './use-navigation-panel';
import { useWideScreen } from './use-wide-screen';

/** Default layout (spec 2): side navigation, page title with breadcrumbs, content. */
export function DefaultLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  const wide = useWideScreen();
  const panel = useNavigationPanel();
  const { logOut } = useLogOutAction();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={wide ? { width: 260, breakpoint: 'xs' } : undefined}
      padding={{ base: 'sm', sm: 'lg' }}
      data-layout="default"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          {wide ? null : <NavigationBurger opened={panel.opened} onToggle={panel.toggle} />}
          <Logo />
        </Group>
      </AppShell.Header>
      {wide ? (
        <AppShell.Navbar p="sm">
          <AppShell.Section grow component={ScrollArea}>
            <SideNavigation onLogOut={logOut} />
          </AppShell.Section>
        </AppShell.Navbar>
      ) : (
        <NavigationPanel opened={panel.opened} onClose={panel.close}>
          <SideNavigation onLogOut={logOut} />
        </NavigationPanel>
      )}
      <AppShell.Main>
        {header}
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
