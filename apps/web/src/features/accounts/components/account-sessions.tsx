import { truncate } from '@gatehouse/core';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/format';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { describeUserAgent } from '../../../lib/user-agent';
import { useEndUserSession } from '../api/end-user-session';
import type { User } from '../api/get-users';

type Session = NonNullable<User['sessions']>[number];

const USER_AGENT_LENGTH = 60;

/** The user's sessions (devices where they are signed in); ending one signs them out there. */
export function AccountSessions({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const end = useEndUserSession(user.id);
  const [ending, setEnding] = useState<Session | null>(null);
  const sessions = user.sessions ?? [];

  const device = (session: Session) => {
    const described = describeUserAgent(session.userAgent);
    if (described?.browser && described.system) return t('profile.sessions.device', described);
    if (described) return described.browser ?? described.system ?? '';
    return session.userAgent
      ? truncate(session.userAgent, USER_AGENT_LENGTH)
      : t('profile.sessions.unknownDevice');
  };

  const confirm = () => {
    if (!ending) return;
    end.mutate(ending.id, {
      onSuccess: () => {
        setEnding(null);
        showSuccessToast(t('accounts.sessions.ended'));
      },
      onError: (error) => {
        setEnding(null);
        showErrorToast(error);
      },
    });
  };

  if (sessions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('accounts.sessions.none')}
      </Text>
    );
  }
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {sessions.map((session) => (
          <Paper component="li" key={session.id} withBorder radius="md" p="sm" data-session-id={session.id}>
            <Group justify="space-between" gap="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
                <IconDeviceDesktop size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={500} title={session.userAgent ?? undefined}>
                    {device(session)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('profile.sessions.ip', { ip: session.ip ?? t('profile.sessions.unknownIp') })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('profile.sessions.lastUsed', {
                      date: formatDateTime(session.lastUsedAt, i18n.language),
                    })}
                  </Text>
                </Stack>
              </Group>
              <Button
                color="red"
                variant="light"
                size="xs"
                onClick={() => setEnding(session)}
                aria-label={t('profile.sessions.endNamed', { device: device(session) })}
              >
                {t('profile.sessions.end')}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ConfirmModal
        opened={ending !== null}
        onClose={() => setEnding(null)}
        title={t('accounts.sessions.confirmTitle')}
        confirmLabel={t('profile.sessions.end')}
        onConfirm={confirm}
        loading={end.isPending}
      >
        <Text>{t('accounts.sessions.confirmText', { device: ending ? device(ending) : '' })}</Text>
      </ConfirmModal>
    </>
  );
}
