import { Badge, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../lib/session';
import { TotpEnrolment } from './totp-enrolment';
import { TotpRemoval } from './totp-removal';

/**
 * Two-factor authentication. While an enrolment runs it stays on screen even after the account says
 * TOTP is on, so the recovery codes are not lost when the account reloads.
 */
export function MfaSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [enrolling, setEnrolling] = useState(false);
  return (
    <>
      <Group mb="sm">
        <Badge color={account.mfaEnabled ? 'teal' : 'gray'} variant="light">
          {account.mfaEnabled ? t('profile.mfa.statusOn') : t('profile.mfa.statusOff')}
        </Badge>
      </Group>
      {!account.mfaEnabled || enrolling ? <TotpEnrolment onActiveChange={setEnrolling} /> : <TotpRemoval />}
    </>
  );
}
