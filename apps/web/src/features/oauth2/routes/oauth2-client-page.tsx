import { Badge, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { usePageData } from '../../../lib/page-data';
import { useOauth2Client } from '../api/get-oauth2-client';
import { DeleteClient } from '../components/delete-client';
import { EditClient } from '../components/edit-client';
import { RotateSecret } from '../components/rotate-secret';

const route = getRouteApi('/accounts/oauth2_clients/$clientId');

/**
 * `/accounts/oauth2_clients/{id}` (superadmin): the app's client id for its developers, its details
 * (editable), a new secret for a confidential app, and deletion.
 */
export function Oauth2ClientPage() {
  const { t, i18n } = useTranslation();
  const { clientId } = route.useParams();
  const client = useOauth2Client(clientId);
  const name = client.data?.name;
  usePageData(name ? { pageTitle: name, names: { oauth2Client: name } } : {});

  if (client.isPending) return <LoadingState />;
  if (client.isError) {
    return (
      <LoadError
        message={t('oauth2.clients.loadOneFailed')}
        error={client.error}
        onRetry={() => void client.refetch()}
      />
    );
  }
  const app = client.data;
  return (
    <Stack gap="lg" maw={860}>
      <Group gap="sm">
        <Badge variant="light" color={app.confidential ? 'indigo' : 'gray'}>
          {app.confidential ? t('oauth2.clients.confidential') : t('oauth2.clients.public')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('oauth2.clients.since', { date: formatDateTime(app.insertedAt, i18n.language) })}
        </Text>
      </Group>
      <SectionCard title={t('oauth2.clients.clientId')} description={t('oauth2.clients.clientIdHint')}>
        <Group gap="sm">
          <Code fz="sm" data-testid="oauth2-client-id">
            {app.id}
          </Code>
          <CopyButton value={app.id}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? (
                    <IconCheck size={16} aria-hidden="true" />
                  ) : (
                    <IconCopy size={16} aria-hidden="true" />
                  )
                }
                onClick={copy}
              >
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </SectionCard>
      <SectionCard title={t('oauth2.clients.details')}>
        <EditClient client={app} />
      </SectionCard>
      {app.confidential ? (
        <SectionCard
          title={t('oauth2.clients.rotate.title')}
          description={t('oauth2.clients.rotate.description')}
        >
          <RotateSecret client={app} />
        </SectionCard>
      ) : null}
      <SectionCard
        title={t('oauth2.clients.delete.title')}
        description={t('oauth2.clients.delete.description')}
      >
        <DeleteClient client={app} />
      </SectionCard>
    </Stack>
  );
}
