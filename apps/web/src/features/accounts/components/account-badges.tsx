import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InviteBadge } from '../../../components/invite-badge';
import type { User } from '../api/get-users';

/** Superadmin, pending invitation and two-factor sign-in, as small badges. */
export function AccountBadges({
  user,
}: {
  user: Pick<User, 'isSuperadmin' | 'invitePending' | 'mfaEnabled'>;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {user.isSuperadmin ? (
        <Badge color="grape" variant="light" size="sm">
          {t('accounts.superadmin')}
        </Badge>
      ) : null}
      {user.invitePending ? <InviteBadge /> : null}
      {user.mfaEnabled ? (
        <Badge color="teal" variant="light" size="sm">
          {t('accounts.mfa')}
        </Badge>
      ) : null}
    </Group>
  );
}
