import { Alert, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { useBuilding } from '../../../lib/buildings';
import { useSaltoksLocks } from '../../../lib/saltoks';
import type { DoorValues } from './door-form';

/**
 * A Salto KS door's lock, chosen from the locks of the building's Salto KS site, and the lock's OTP
 * secret (write-only: a stored one is only said to be set, and an empty field keeps it). Without a
 * linked site the form says where to link one; when Salto KS cannot be asked, the lock id is typed.
 */
export function SaltoksLockFields({
  form,
  buildingId,
  hasSecret,
}: {
  form: UseFormReturnType<DoorValues>;
  buildingId: string;
  hasSecret: boolean;
}) {
  const { t } = useTranslation();
  const building = useBuilding(buildingId);
  const siteId = building.data?.saltoksSiteId ?? null;
  const locks = useSaltoksLocks(siteId);
  const lockProps = form.getInputProps('lock_id');
  const value = form.getValues().lock_id;

  let lockInput: React.ReactNode;
  if (building.data && !siteId) {
    lockInput = (
      <Alert color="yellow" title={t('doors.form.noSaltoksSiteTitle')}>
        {t('doors.form.noSaltoksSite')}
      </Alert>
    );
  } else if (locks.isError) {
    lockInput = (
      <TextInput
        label={t('fields.lock_id')}
        description={t('doors.form.saltoksUnavailable')}
        required
        {...lockProps}
      />
    );
  } else {
    const options = (locks.data ?? []).map((lock) => ({
      value: lock.id,
      label: lock.online ? lock.name : t('doors.form.lockOffline', { name: lock.name }),
    }));
    const data =
      value && !options.some((option) => option.value === value)
        ? [{ value, label: value }, ...options]
        : options;
    lockInput = (
      <Select
        label={t('fields.lock_id')}
        placeholder={locks.isPending ? t('common.loading') : t('doors.form.chooseLock')}
        data={data}
        required
        searchable
        allowDeselect={false}
        disabled={locks.isPending}
        nothingFoundMessage={t('doors.form.noLocks')}
        {...lockProps}
        value={value || null}
        onChange={(next) => form.setFieldValue('lock_id', next ?? '')}
      />
    );
  }

  return (
    <>
      {lockInput}
      <PasswordField
        label={t('fields.otp_secret')}
        description={hasSecret ? t('doors.form.otpSecretKept') : t('doors.form.otpSecretHint')}
        autoComplete="off"
        {...form.getInputProps('otp_secret')}
      />
    </>
  );
}
