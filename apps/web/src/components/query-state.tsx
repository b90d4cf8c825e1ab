import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';

/** A list or page whose data is still loading. */
export function LoadingState() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/**
 * Data that could not be loaded, with a way to try again; when `error` is a 404 the text says the
 * thing is gone (or out of the user's reach) instead, and trying again would not help.
 */
export function LoadError({
  message,
  onRetry,
  error,
}: {
  message: string;
  onRetry: () => void;
  error?: unknown;
}) {
  const { t } = useTranslation();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert color="red" role="alert" icon={<IconAlertCircle size={20} aria-hidden="true" />}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{notFound ? t('common.notFound') : message}</Text>
        {notFound ? null : (
          <Button variant="light" color="red" size="xs" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
