import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1 }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            color={copied ? 'teal' : undefined}
            leftSection={
              copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />
            }
            onClick={copy}
            aria-label={t('oauth2.clients.secret.copyNamed', { field: label })}
          >
            {copied ? t('common.copied') : t('common.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * The app's secret, shown this once (only its hash is kept). The modal closes only through its
 * button, so a stray click or Escape cannot lose the secret before it is copied.
 */
export function ClientSecretModal({
  clientId,
  secret,
  onClose,
}: {
  clientId: string;
  secret: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={t('oauth2.clients.secret.title')}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {secret ? (
        <Stack gap="md">
          <Alert color="orange" icon={<IconAlertTriangle size={20} aria-hidden="true" />}>
            {t('oauth2.clients.secret.warning')}
          </Alert>
          <CopyField label={t('oauth2.clients.clientId')} value={clientId} />
          <CopyField label={t('oauth2.clients.secret.label')} value={secret} />
          <Text size="sm" c="dimmed">
            {t('oauth2.clients.secret.usage')} <Code>client_secret_basic</Code> /{' '}
            <Code>client_secret_post</Code>
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('oauth2.clients.secret.done')}</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
