import { truncate } from '@gatehouse/core';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useEndLocalSession } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { describeUserAgent } from '../../../lib/user-agent';
import { useEndSession } from '../api/end-session';
import { type Session, useSessions } from '../api/get-sessions';

const USER_AGENT_LENGTH = 60;

function useDeviceLabel(): (userAgent: string | null) => string {
  const { t } = useTranslation();
  return (userAgent) => {
    const device = describeUserAgent(userAgent);
    if (device?.browser && device.system) return t('profile.sessions.device', device);
    if (device) return device.browser ?? device.system ?? '';
    return userAgent ? truncate(userAgent, USER_AGENT_LENGTH) : t('profile.sessions.unknownDevice');
  };
}

function SessionRow({ session, onEnd, ending }: { session: Session; onEnd: () => void; ending: boolean }) {
  const { t, i18n } = useTranslation();
  const deviceLabel = useDeviceLabel();
  const device = deviceLabel(session.userAgent);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-session-id={session.id}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
          <IconDeviceDesktop size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={500} title={session.userAgent ?? undefined}>
                {device}
              </Text>
              {session.current ? (
                <Badge color="teal" variant="light">
                  {t('profile.sessions.thisDevice')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {t('profile.sessions.ip', { ip: session.ip ?? t('profile.sessions.unknownIp') })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('profile.sessions.lastUsed', { date: formatDateTime(session.lastUsedAt, i18n.language) })}
            </Text>
          </Stack>
        </Group>
        <Button
          color="red"
          variant="light"
          size="xs"
          loading={ending}
          onClick={onEnd}
          aria-label={t('profile.sessions.endNamed', { device })}
        >
          {t('profile.sessions.end')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The user's sessions; ending the current one logs out. */
export function SessionsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endLocalSession = useEndLocalSession();

  const end = (session: Session) => {
    if (session.current) {
      // Ending this device's session is logging out: the local state clears whatever the server says.
      endSession.mutate(session.id, {
        onSettled: () => {
          endLocalSession();
          void navigate({ to: '/auth/login' });
        },
      });
      return;
    }
    endSession.mutate(session.id, {
      onSuccess: () => showSuccessToast(t('profile.sessions.ended')),
      onError: showErrorToast,
    });
  };

  if (sessions.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (sessions.isError) {
    return (
      <Alert color="red" role="alert">
        {t('profile.sessions.loadFailed')}
      </Alert>
    );
  }
  const list = [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current));
  if (list.length === 0) return <Text c="dimmed">{t('profile.sessions.none')}</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {list.map((session) => (
        <SessionRow
          key={session.id}
          session={session}
          ending={endSession.isPending && endSession.variables === session.id}
          onEnd={() => end(session)}
        />
      ))}
    </Stack>
  );
}
