import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Marks a person who was invited and has not chosen a password yet. */
export function InviteBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="yellow" variant="light" size="sm">
      {t('common.invitePending')}
    </Badge>
  );
}
