import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconLockOpen } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorLines } from '../../../lib/toast';
import type { DoorOpenResult } from '../api/open-my-door';

export interface OpenFeedback {
  ok: boolean;
  message: string;
}

/** What a person at the door needs to read after pressing Open: it opened, or why not. */
export function openFeedback(
  outcome: { result: DoorOpenResult } | { error: unknown },
  t: TFunction,
): OpenFeedback {
  if ('result' in outcome) {
    const { result, reason } = outcome.result;
    if (result === 'opened') return { ok: true, message: t('webapp.open.opened') };
    if (result === 'refused') {
      return {
        ok: false,
        message: reason === 'outside_schedule' ? t('webapp.open.outsideSchedule') : t('webapp.open.refused'),
      };
    }
    return { ok: false, message: t('webapp.open.failed') };
  }
  const { error } = outcome;
  if (error instanceof ApiError) {
    if (error.hasCode('outside_schedule')) return { ok: false, message: t('webapp.open.outsideSchedule') };
    if (error.hasCode('link_expired')) return { ok: false, message: t('apiErrors.link_expired') };
    if (error.hasCode('link_revoked')) return { ok: false, message: t('apiErrors.link_revoked') };
    if (error.hasCode('link_not_yet_valid')) return { ok: false, message: t('apiErrors.link_not_yet_valid') };
    if (error.status === 404) return { ok: false, message: t('webapp.open.notNow') };
    if (error.status === 403) return { ok: false, message: t('webapp.open.forbidden') };
    if (error.status === 502 || error.status === 504) return { ok: false, message: t('webapp.open.failed') };
  }
  return { ok: false, message: errorLines(error).join(' ') };
}

/**
 * One door with a big Open button (phones first: a full-width 56 px target) and the outcome right
 * under it, announced to screen readers.
 */
export function DoorOpenCard({
  name,
  isEntrance,
  details,
  open,
  onFailure,
}: {
  name: string;
  isEntrance: boolean;
  /** Why the person may open it (a manager, a schedule until 22:00, …). */
  details?: ReactNode;
  open: () => Promise<DoorOpenResult>;
  /** Called after a failed attempt (a visitor page re-checks its link). */
  onFailure?: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: open, onError: onFailure });
  const feedback = mutation.isSuccess
    ? openFeedback({ result: mutation.data }, t)
    : mutation.isError
      ? openFeedback({ error: mutation.error }, t)
      : null;
  return (
    <Paper component="li" withBorder radius="lg" p="md" data-door={name}>
      <Stack gap="sm">
        <div>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} size="lg">
              {name}
            </Text>
            {isEntrance ? (
              <Badge variant="light" color="gray" size="sm">
                {t('webapp.entrance')}
              </Badge>
            ) : null}
          </Group>
          {details ? (
            <Text size="sm" c="dimmed" mt={2}>
              {details}
            </Text>
          ) : null}
        </div>
        <Button
          size="xl"
          h={56}
          fullWidth
          radius="md"
          leftSection={<IconLockOpen size={24} aria-hidden="true" />}
          loading={mutation.isPending}
          aria-label={t('webapp.open.named', { name })}
          onClick={() => mutation.mutate()}
        >
          {t('webapp.open.submit')}
        </Button>
        <div aria-live="polite">
          {feedback ? (
            <Alert
              color={feedback.ok ? 'teal' : 'red'}
              variant="light"
              icon={
                feedback.ok ? (
                  <IconCircleCheck size={20} aria-hidden="true" />
                ) : (
                  <IconAlertCircle size={20} aria-hidden="true" />
                )
              }
              data-feedback={feedback.ok ? 'success' : 'error'}
            >
              <Text size="sm" fw={600}>
                {feedback.message}
              </Text>
            </Alert>
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}
