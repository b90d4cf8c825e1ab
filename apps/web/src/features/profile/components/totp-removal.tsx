import { totpRemoveBodySchema } from '@gatehouse/core';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import { useRemoveTotp } from '../api/remove-totp';

type Proof = 'current_password' | 'code';

interface RemovalValues {
  current_password: string;
  code: string;
}

/** Turning TOTP off, proven by the current password or by a code (exactly one). */
export function TotpRemoval() {
  const { t } = useTranslation();
  const remove = useRemoveTotp();
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState<Proof>('current_password');
  const toBody = (values: RemovalValues) =>
    proof === 'current_password' ? { current_password: values.current_password } : { code: values.code };
  const form = useForm<RemovalValues>({
    initialValues: { current_password: '', code: '' },
    validate: zodValidator(totpRemoveBodySchema, t, { toBody }),
  });

  if (!open) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('profile.mfa.onText')}</Text>
        <Button color="red" variant="light" onClick={() => setOpen(true)}>
          {t('profile.mfa.disable')}
        </Button>
      </Stack>
    );
  }

  const submit = form.onSubmit((values) =>
    remove.mutate(totpRemoveBodySchema.parse(toBody(values)), {
      onSuccess: () => {
        setOpen(false);
        form.reset();
        showSuccessToast(t('profile.mfa.disabled'));
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('profile.mfa.disableIntro')}</Text>
        <SegmentedControl
          value={proof}
          onChange={(value) => {
            setProof(value as Proof);
            form.clearErrors();
          }}
          data={[
            { value: 'current_password', label: t('profile.mfa.withPassword') },
            { value: 'code', label: t('profile.mfa.withCode') },
          ]}
          aria-label={t('profile.mfa.proofChoice')}
          maw={420}
        />
        {proof === 'current_password' ? (
          <PasswordField
            label={t('fields.current_password')}
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
        ) : (
          <TextInput
            label={t('fields.mfaCode')}
            autoComplete="one-time-code"
            {...form.getInputProps('code')}
          />
        )}
        <Group gap="sm">
          <Button type="submit" color="red" loading={remove.isPending}>
            {t('profile.mfa.disableConfirm')}
          </Button>
          <Button variant="subtle" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
