import { openVisitorBodySchema } from '@gatehouse/core';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconClock,
  IconClockX,
  IconDoorOff,
  IconKey,
  IconLinkOff,
  IconUserX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadError, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useVisitorAccess, type VisitorAccess, visitorAccessQueryKey } from '../api/get-visitor-access';
import { openVisitorDoor } from '../api/open-visitor-door';
import { DoorOpenCard } from '../components/door-open-card';

const route = getRouteApi('/visitor/$uuid');

type Problem = 'expired' | 'revoked' | 'invalid';

const PROBLEMS: Record<Problem, { icon: Icon; title: ParseKeys; text: ParseKeys }> = {
  expired: { icon: IconClockX, title: 'visitorAccess.expiredTitle', text: 'visitorAccess.expiredText' },
  revoked: { icon: IconUserX, title: 'visitorAccess.revokedTitle', text: 'visitorAccess.revokedText' },
  invalid: { icon: IconLinkOff, title: 'visitorAccess.invalidTitle', text: 'visitorAccess.invalidText' },
};

/** The link no longer works (410), or never did (404): said plainly, with nothing that needs an account. */
function LinkProblem({ problem }: { problem: Problem }) {
  const { t } = useTranslation();
  const { icon: ProblemIcon, title, text } = PROBLEMS[problem];
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" data-problem={problem}>
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon variant="light" color="red" size={56} radius="xl" aria-hidden="true">
          <ProblemIcon size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {String(t(title))}
        </Title>
        <Text c="dimmed">{String(t(text))}</Text>
      </Stack>
    </Paper>
  );
}

function problemOf(error: unknown): Problem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.hasCode('link_expired')) return 'expired';
  if (error.hasCode('link_revoked')) return 'revoked';
  if (error.status === 410) return 'expired';
  if (error.status === 404) return 'invalid';
  return null;
}

function VisitorDoors({ uuid, access }: { uuid: string; access: VisitorAccess }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { visitor, building, unit, doors } = access;
  // A link that stopped working while the page was open: ask again, and the page says why.
  const recheck = (error: unknown) => {
    if (error instanceof ApiError && error.status === 410) {
      void queryClient.invalidateQueries({ queryKey: visitorAccessQueryKey(uuid) });
    }
  };
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {t('visitorAccess.hello', { name: visitor.name })}
        </Title>
        <Text>{t('visitorAccess.where', { building: building.name, unit: unit.name })}</Text>
        <Text size="sm" c="dimmed">
          {t(visitor.state === 'upcoming' ? 'visitorAccess.validFrom' : 'visitorAccess.validUntil', {
            from: formatDateTime(visitor.validFrom, i18n.language, building.timeZone),
            date: formatDateTime(visitor.validUntil, i18n.language, building.timeZone),
          })}
        </Text>
      </div>
      {doors.length === 0 ? (
        <EmptyState
          icon={visitor.state === 'upcoming' ? IconClock : IconDoorOff}
          title={t(
            visitor.state === 'upcoming' ? 'visitorAccess.upcomingTitle' : 'visitorAccess.noDoorsTitle',
          )}
          description={t(
            visitor.state === 'upcoming' ? 'visitorAccess.upcomingText' : 'visitorAccess.noDoorsText',
            {
              from: formatDateTime(visitor.validFrom, i18n.language, building.timeZone),
              until: formatDateTime(visitor.validUntil, i18n.language, building.timeZone),
            },
          )}
        />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {doors.map((door) => (
            <DoorOpenCard
              key={door.id}
              name={door.name}
              isEntrance={door.isEntrance}
              open={() => openVisitorDoor(door.id, uuid)}
              onFailure={recheck}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * `/visitor/{uuid}` (no sign-in): the visitor's name, the building, and the doors their link opens
 * now, each with a big Open button. An expired, withdrawn or unknown link gets a page of its own.
 */
export function VisitorDoorsPage() {
  const { t } = useTranslation();
  const { uuid } = route.useParams();
  const wellFormed = openVisitorBodySchema.safeParse({ uuid }).success;
  const access = useVisitorAccess(uuid, { enabled: wellFormed });

  if (!wellFormed) return <LinkProblem problem="invalid" />;
  if (access.isPending) return <LoadingState />;
  if (access.isError) {
    const problem = problemOf(access.error);
    if (problem) return <LinkProblem problem={problem} />;
    const rateLimited = access.error instanceof ApiError && access.error.status === 429;
    return rateLimited ? (
      <EmptyState
        icon={IconKey}
        title={t('visitorAccess.busyTitle')}
        description={t('apiErrors.rate_limited')}
      >
        <Button variant="light" onClick={() => void access.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    ) : (
      <LoadError message={t('visitorAccess.loadFailed')} onRetry={() => void access.refetch()} />
    );
  }
  return <VisitorDoors uuid={uuid} access={access.data} />;
}
