import { Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import { useAccount } from '../../../lib/session';
import { useLogOutAction } from '../../../lib/use-log-out-action';
import { AvatarSection } from '../components/avatar-section';
import { ConnectedApps } from '../components/connected-apps';
import { EmailForm } from '../components/email-form';
import { LanguageSelect } from '../components/language-select';
import { MfaSection } from '../components/mfa-section';
import { PasswordForm } from '../components/password-form';
import { PersonalDetailsForm } from '../components/personal-details-form';
import { SessionsList } from '../components/sessions-list';

/** The signed-in user's profile: details, language, email, password, MFA, sessions, connected apps, log out. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { account, isError, refetch } = useAccount();
  const { logOut, isPending: loggingOut } = useLogOutAction();

  if (!account) {
    return (
      <Center py="xl">
        {isError ? (
          <Button variant="light" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        ) : (
          <Loader aria-label={t('common.loading')} />
        )}
      </Center>
    );
  }

  return (
    <Stack gap="lg" maw={760}>
      <SectionCard title={t('profile.avatar.title')}>
        <AvatarSection account={account} />
      </SectionCard>
      <SectionCard title={t('profile.details.title')}>
        <PersonalDetailsForm account={account} />
      </SectionCard>
      <SectionCard title={t('profile.language.title')}>
        <LanguageSelect locale={account.locale} />
      </SectionCard>
      <SectionCard title={t('profile.email.title')} description={t('profile.email.description')}>
        <EmailForm account={account} />
      </SectionCard>
      <SectionCard title={t('profile.password.title')}>
        <PasswordForm />
      </SectionCard>
      <SectionCard title={t('profile.mfa.title')} description={t('profile.mfa.description')}>
        <MfaSection account={account} />
      </SectionCard>
      <SectionCard title={t('profile.sessions.title')} description={t('profile.sessions.description')}>
        <SessionsList />
      </SectionCard>
      <SectionCard
        title={t('profile.connectedApps.title')}
        description={t('profile.connectedApps.description')}
      >
        <ConnectedApps />
      </SectionCard>
      <Group>
        <Button
          variant="default"
          leftSection={<IconLogout size={18} aria-hidden="true" />}
          loading={loggingOut}
          onClick={logOut}
        >
          {t('nav.logOut')}
        </Button>
      </Group>
    </Stack>
  );
}
