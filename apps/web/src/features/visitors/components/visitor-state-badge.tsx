import type { VISITOR_STATES } from '@gatehouse/core';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type VisitorState = (typeof VISITOR_STATES)[number];

const STATE_COLORS: Record<VisitorState, string> = {
  upcoming: 'blue',
  active: 'teal',
  expired: 'gray',
  revoked: 'red',
};

/** Upcoming (not valid yet), active (the link works now), expired or revoked. */
export function VisitorStateBadge({ state }: { state: VisitorState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light" size="sm" data-state={state}>
      {t(`visitors.states.${state}`)}
    </Badge>
  );
}
