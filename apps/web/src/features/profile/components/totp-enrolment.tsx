import { totpConfirmBodySchema, totpStartBodySchema } from '@gatehouse/core';
import { Button, Code, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import { useConfirmTotp } from '../api/confirm-totp';
import { type TotpSetupData, useStartTotp } from '../api/start-totp';
import { RecoveryCodes } from './recovery-codes';

/** A step's submit button and the cancel button that leaves the enrolment. */
function StepButtons({
  submitLabel,
  loading,
  onCancel,
}: {
  submitLabel: string;
  loading: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
      <Button variant="subtle" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Group>
  );
}

function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TotpSetupData) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const form = useForm({
    initialValues: { current_password: '' },
    validate: zodValidator(totpStartBodySchema, t),
  });
  const submit = form.onSubmit((values) =>
    start.mutate(totpStartBodySchema.parse(values), {
      onSuccess: onStarted,
      onError: (error) => showFormError(form, error),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('profile.mfa.passwordIntro')}</Text>
        <PasswordField
          label={t('fields.current_password')}
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
        <StepButtons submitLabel={t('common.continue')} loading={start.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function ScanStep({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TotpSetupData;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const form = useForm({ initialValues: { code: '' }, validate: zodValidator(totpConfirmBodySchema, t) });
  const submit = form.onSubmit((values) =>
    confirm.mutate(totpConfirmBodySchema.parse(values), {
      onSuccess: (reply) => onConfirmed(reply.recoveryCodes),
      onError: (error) => showFormError(form, error),
    }),
  );
  return (
    <Stack gap="md">
      <Text size="sm">{t('profile.mfa.scanIntro')}</Text>
      <Image src={setup.qrCode} alt={t('profile.mfa.qrAlt')} w={200} h={200} fit="contain" bg="white" />
      <div>
        <Text size="sm" fw={500} id="totp-secret-label">
          {t('profile.mfa.manualKey')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code fz="md" aria-labelledby="totp-secret-label" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="subtle" onClick={copy}>
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.totpCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            maw={200}
            {...form.getInputProps('code')}
          />
          <StepButtons
            submitLabel={t('profile.mfa.confirm')}
            loading={confirm.isPending}
            onCancel={onCancel}
          />
        </Stack>
      </form>
    </Stack>
  );
}

type Step =
  | { name: 'idle' }
  | { name: 'password' }
  | { name: 'scan'; setup: TotpSetupData }
  | { name: 'codes'; codes: string[] };

/** Turning TOTP on: password, then scan and confirm a first code, then the recovery codes once. */
export function TotpEnrolment({ onActiveChange }: { onActiveChange?: (active: boolean) => void }) {
  const { t } = useTranslation();
  const [step, setStepState] = useState<Step>({ name: 'idle' });
  const setStep = (next: Step) => {
    setStepState(next);
    onActiveChange?.(next.name !== 'idle');
  };
  const cancel = () => setStep({ name: 'idle' });

  switch (step.name) {
    case 'password':
      return <PasswordStep onStarted={(setup) => setStep({ name: 'scan', setup })} onCancel={cancel} />;
    case 'scan':
      return (
        <ScanStep
          setup={step.setup}
          onConfirmed={(codes) => setStep({ name: 'codes', codes })}
          onCancel={cancel}
        />
      );
    case 'codes':
      return <RecoveryCodes codes={step.codes} onDone={cancel} />;
    default:
      return (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('profile.mfa.offText')}</Text>
          <Button onClick={() => setStep({ name: 'password' })}>{t('profile.mfa.enable')}</Button>
        </Stack>
      );
  }
}
