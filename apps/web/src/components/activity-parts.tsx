import type { CALL_STATUSES, DOOR_LOG_RESULTS } from '@gatehouse/core';
import { Badge, type BadgeProps, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorLog } from '../lib/activity';

/*
 * How a door log row and a call are written, shared by the activity pages and the dashboard's latest
 * events: result and status badges, who acted, why an attempt was refused or failed, durations.
 */

type DoorLogResult = (typeof DOOR_LOG_RESULTS)[number];
type CallStatus = (typeof CALL_STATUSES)[number];

const RESULT_COLORS: Record<DoorLogResult, string> = { opened: 'teal', refused: 'orange', failed: 'red' };
const CALL_STATUS_COLORS: Record<CallStatus, string> = { answered: 'teal', missed: 'red', ringing: 'blue' };

export function DoorLogResultBadge({
  result,
  size = 'md',
  style,
}: {
  result: DoorLogResult;
  size?: BadgeProps['size'];
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      color={RESULT_COLORS[result]}
      variant={result === 'opened' ? 'light' : 'filled'}
      size={size}
      style={style}
      data-result={result}
    >
      {t(`activity.results.${result}`)}
    </Badge>
  );
}

export function CallStatusBadge({ status }: { status: CallStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={CALL_STATUS_COLORS[status]} variant="light" data-call-status={status}>
      {t(`activity.callStatuses.${status}`)}
    </Badge>
  );
}

const KNOWN_REASONS = ['outside_schedule', 'wrong_pincode'] as const;

/**
 * Why an attempt was refused or failed. The server writes "code: details" (e.g.
 * "outside_schedule: …", or a driver's "timeout: no answer"); known codes are translated, any other
 * reason is shown as written.
 */
export function reasonText(reason: string | null, t: TFunction): string | null {
  if (!reason) return null;
  const code = reason.split(':', 1)[0]?.trim();
  const known = KNOWN_REASONS.find((value) => value === code);
  return known ? t(`activity.reasons.${known}`) : reason;
}

/** The result badge with the reason under it for a refused or failed attempt. */
export function DoorLogResult({ log }: { log: Pick<DoorLog, 'result' | 'reason'> }) {
  const { t } = useTranslation();
  const reason = log.result === 'opened' ? null : reasonText(log.reason, t);
  return (
    <Stack gap={2} align="flex-start">
      <DoorLogResultBadge result={log.result} />
      {reason ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Who opened (or tried to open) a door: a person's display name, a visitor, an intercom, … */
export function doorLogActor(log: DoorLog, t: TFunction): { name: string; role: string | null } {
  switch (log.actorType) {
    case 'user':
      return { name: log.user?.name ?? t('common.unknown'), role: null };
    case 'visitor':
      return { name: log.visitor?.name ?? t('common.unknown'), role: t('activity.actors.visitor') };
    case 'device':
      return {
        name: log.intercom?.name ?? t('activity.actors.intercom'),
        role: log.intercom ? t('activity.actors.intercom') : null,
      };
    case 'api_client':
      // A third-party app acting for a user: the user, and which app (decision 008).
      return {
        name: log.user?.name ?? t('activity.actors.apiClient'),
        role: log.oauth2Client
          ? t('activity.actors.viaApp', { app: log.oauth2Client.name })
          : t('activity.actors.apiClient'),
      };
    case 'provider':
      return { name: t('activity.actors.provider'), role: null };
    default:
      return { name: t('activity.actors.system'), role: null };
  }
}

/** Who, with their role (visitor, intercom) and unit in a smaller line. */
export function DoorLogActor({ log }: { log: DoorLog }) {
  const { t } = useTranslation();
  const { name, role } = doorLogActor(log, t);
  const detail = [role, log.unit?.name].filter(Boolean).join(' · ');
  return (
    <Stack gap={0}>
      <Text size="sm">{name}</Text>
      {detail ? (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A call's length as "0:42", "12:05" or "1:02:03". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
