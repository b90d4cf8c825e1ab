import { can } from '@gatehouse/core';
import { Avatar, NavLink, Stack } from '@mantine/core';
import {
  type Icon,
  IconBuildingSkyscraper,
  IconDeviceMobile,
  IconDoor,
  IconLayoutDashboard,
  IconLogout,
  IconMessageCircle,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/app-config';
import { assetSource } from '../lib/assets';
import { useAccount, useRoleData } from '../lib/session';

type NavPath = '/' | '/buildings' | '/units' | '/accounts' | '/webapp' | '/profile';

interface NavItem {
  to: NavPath;
  label: string;
  icon: Icon;
}

function isActive(pathname: string, to: NavPath): boolean {
  return to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);
}

/** The dashboard's side navigation (spec 2), in the spec's order. */
export function SideNavigation({ onLogOut }: { onLogOut: () => void }) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const { data: config } = useAppConfig();
  // The user's own picture stands in for the profile icon once they have one.
  const avatar = assetSource(useAccount().account?.avatarUrl);
  const pathname = useLocation({ select: (location) => location.pathname });

  const items: NavItem[] = [
    { to: '/', label: t('nav.dashboard'), icon: IconLayoutDashboard },
    { to: '/buildings', label: t('nav.buildings'), icon: IconBuildingSkyscraper },
    { to: '/units', label: t('nav.units'), icon: IconDoor },
    ...(can(roleData, 'accountsNavigation')
      ? [{ to: '/accounts' as const, label: t('nav.accounts'), icon: IconUsers }]
      : []),
    { to: '/webapp', label: t('nav.webapp'), icon: IconDeviceMobile },
    { to: '/profile', label: t('nav.profile'), icon: IconUserCircle },
  ];

  return (
    <Stack component="nav" aria-label={t('nav.label')} gap={2}>
      {items.map(({ to, label, icon: ItemIcon }) => {
        const active = isActive(pathname, to);
        return (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            active={active}
            aria-current={active ? 'page' : undefined}
            leftSection={
              to === '/profile' && avatar ? (
                <Avatar src={avatar} size={20} alt="" aria-hidden="true" />
              ) : (
                <ItemIcon size={20} stroke={1.6} aria-hidden="true" />
              )
            }
          />
        );
      })}
      {config?.feedbackEmail ? (
        <NavLink
          component="a"
          href={`mailto:${config.feedbackEmail}`}
          label={t('nav.feedback')}
          leftSection={<IconMessageCircle size={20} stroke={1.6} aria-hidden="true" />}
        />
      ) : null}
      <NavLink
        component="button"
        type="button"
        onClick={onLogOut}
        label={t('nav.logOut')}
        leftSection={<IconLogout size={20} stroke={1.6} aria-hidden="true" />}
      />
    </Stack>
  );
}
