import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconApps } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/format';
import { useScopeText } from '../../../lib/oauth2-scopes';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { type Oauth2Authorization, useOauth2Authorizations } from '../api/get-oauth2-authorizations';
import { useRevokeOauth2Authorization } from '../api/revoke-oauth2-authorization';

function AuthorizationRow({
  authorization,
  onRevoke,
}: {
  authorization: Oauth2Authorization;
  onRevoke: () => void;
}) {
  const { t, i18n } = useTranslation();
  const scopeText = useScopeText();
  const { client, building, door } = authorization;
  let limit = t('profile.connectedApps.allBuildings');
  if (door) limit = t('profile.connectedApps.onlyDoor', { door: door.name });
  else if (building) limit = t('profile.connectedApps.onlyBuilding', { building: building.name });
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-authorization-id={authorization.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
          <IconApps size={22} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={500}>{client.name}</Text>
            <Group gap={4} aria-label={t('profile.connectedApps.scopes')}>
              {authorization.scopes.map((scope) => (
                <Badge key={scope} variant="light" color="gray" tt="none" title={scope}>
                  {scopeText(scope).label}
                </Badge>
              ))}
            </Group>
            <Text size="sm" c="dimmed">
              {limit}
            </Text>
            <Text size="sm" c="dimmed">
              {t('profile.connectedApps.since', {
                date: formatDateTime(authorization.insertedAt, i18n.language),
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {authorization.lastUsedAt
                ? t('profile.connectedApps.lastUsed', {
                    date: formatDateTime(authorization.lastUsedAt, i18n.language),
                  })
                : t('profile.connectedApps.neverUsed')}
            </Text>
          </Stack>
        </Group>
        <Button
          color="red"
          variant="light"
          size="xs"
          onClick={onRevoke}
          aria-label={t('profile.connectedApps.revokeNamed', { app: client.name })}
        >
          {t('profile.connectedApps.revoke')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The third-party apps with access to the user's account; revoking one ends its access at once. */
export function ConnectedApps() {
  const { t } = useTranslation();
  const authorizations = useOauth2Authorizations();
  const revoke = useRevokeOauth2Authorization();
  const [revoking, setRevoking] = useState<Oauth2Authorization | null>(null);

  const confirm = () => {
    if (!revoking) return;
    const app = revoking.client.name;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        setRevoking(null);
        showSuccessToast(t('profile.connectedApps.revoked', { app }));
      },
      onError: (error) => {
        setRevoking(null);
        showErrorToast(error);
      },
    });
  };

  if (authorizations.isPending) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (authorizations.isError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('profile.connectedApps.loadFailed')}</Text>
          <Button variant="light" color="red" size="xs" onClick={() => void authorizations.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (authorizations.data.length === 0) return <Text c="dimmed">{t('profile.connectedApps.none')}</Text>;
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {authorizations.data.map((authorization) => (
          <AuthorizationRow
            key={authorization.id}
            authorization={authorization}
            onRevoke={() => setRevoking(authorization)}
          />
        ))}
      </Stack>
      <ConfirmModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('profile.connectedApps.confirmTitle', { app: revoking?.client.name ?? '' })}
        confirmLabel={t('profile.connectedApps.revoke')}
        onConfirm={confirm}
        loading={revoke.isPending}
      >
        <Text>{t('profile.connectedApps.confirmText', { app: revoking?.client.name ?? '' })}</Text>
      </ConfirmModal>
    </>
  );
}
