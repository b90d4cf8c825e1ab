import { NAV_SLIDE_ANIMATION_MS } from '@gatehouse/core';
import { Burger, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/logo';

export const NAVIGATION_PANEL_ID = 'navigation-panel';

export function NavigationBurger({ opened, onToggle }: { opened: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Burger
      opened={opened}
      onClick={onToggle}
      size="sm"
      aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
      aria-expanded={opened}
      aria-controls={NAVIGATION_PANEL_ID}
    />
  );
}

/** The slide-in navigation panel of narrow screens and the webapp layout (0.8 s slide, spec 9). */
export function NavigationPanel({
  opened,
  onClose,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      id={NAVIGATION_PANEL_ID}
      opened={opened}
      onClose={onClose}
      size={300}
      padding="md"
      title={<Logo size={28} />}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      transitionProps={{
        transition: 'slide-right',
        duration: NAV_SLIDE_ANIMATION_MS,
        timingFunction: 'ease',
      }}
    >
      {children}
    </Drawer>
  );
}
