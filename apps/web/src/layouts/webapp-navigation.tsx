import { NavLink, Stack } from '@mantine/core';
import { IconArrowLeft, IconHelpCircle, IconLogout, IconWorld } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/app-config';
import { useLoggedIn, useRoleData } from '../lib/session';

/** The webapp's reduced navigation (spec 2). */
export function WebappNavigation({ onLogOut }: { onLogOut: () => void }) {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const { hasRoleData } = useRoleData();
  const loggedIn = useLoggedIn();

  return (
    <Stack component="nav" aria-label={t('nav.label')} gap={2}>
      {hasRoleData ? (
        <NavLink
          component={Link}
          to="/"
          label={t('nav.backToDashboard')}
          leftSection={<IconArrowLeft size={20} stroke={1.6} aria-hidden="true" />}
        />
      ) : null}
      {config?.supportUrl ? (
        <NavLink
          component="a"
          href={config.supportUrl}
          target="_blank"
          rel="noopener noreferrer"
          label={t('nav.supportFaq')}
          leftSection={<IconHelpCircle size={20} stroke={1.6} aria-hidden="true" />}
        />
      ) : null}
      {config?.websiteUrl ? (
        <NavLink
          component="a"
          href={config.websiteUrl}
          target="_blank"
          rel="noopener noreferrer"
          label={t('nav.website')}
          leftSection={<IconWorld size={20} stroke={1.6} aria-hidden="true" />}
        />
      ) : null}
      {loggedIn ? (
        <NavLink
          component="button"
          type="button"
          onClick={onLogOut}
          label={t('nav.logOut')}
          leftSection={<IconLogout size={20} stroke={1.6} aria-hidden="true" />}
        />
      ) : null}
    </Stack>
  );
}
