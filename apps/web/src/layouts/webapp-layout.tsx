import { AppShell, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../components/logo';
import { useLogOutAction } from '../lib/use-log-out-action';
import { NavigationBurger, NavigationPanel } from './navigation-panel';
import { useNavigationPanel } from './use-navigation-panel';
import { WebappNavigation } from './webapp-navigation';

/** Webapp layout (spec 2): phone-first, the reduced navigation always in a slide-in panel. */
export function WebappLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  const panel = useNavigationPanel();
  const { logOut } = useLogOutAction();

  return (
    <AppShell header={{ height: 56 }} padding="sm" data-layout="webapp">
      <AppShell.Header>
        <Group h="100%" px="sm" gap="sm" wrap="nowrap">
          <NavigationBurger opened={panel.opened} onToggle={panel.toggle} />
          <Logo size={28} />
        </Group>
      </AppShell.Header>
      <NavigationPanel opened={panel.opened} onClose={panel.close}>
        <WebappNavigation onLogOut={logOut} />
      </NavigationPanel>
      <AppShell.Main>
        <Container size="sm" px={0}>
          {header}
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
