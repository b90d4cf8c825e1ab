import { mfaBodySchema } from '@gatehouse/core';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { showFormError, zodValidator } from '../../../lib/forms';
import type { TokensReply } from '../../../lib/token-service';
import { useCompleteMfa } from '../api/complete-mfa';

interface MfaValues {
  code: string;
}

/** Second sign-in step (spec 4): a code from the authenticator app or a recovery code. */
export function MfaForm({
  mfaToken,
  onSuccess,
  onCancel,
}: {
  mfaToken: string;
  onSuccess: (reply: TokensReply) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const completeMfa = useCompleteMfa();
  const toBody = (values: MfaValues) => ({
    mfa_token: mfaToken,
    code: values.code,
    token_signature_transport: 'cookie_only' as const,
  });
  const form = useForm<MfaValues>({
    initialValues: { code: '' },
    validate: zodValidator(mfaBodySchema, t, { toBody }),
  });

  const submit = form.onSubmit((values) =>
    completeMfa.mutate(mfaBodySchema.parse(toBody(values)), {
      onSuccess,
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('auth.mfa.intro')}</Text>
        <TextInput
          label={t('fields.mfaCode')}
          description={t('auth.mfa.codeHint')}
          autoComplete="one-time-code"
          autoFocus
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={completeMfa.isPending} fullWidth>
          {t('auth.mfa.submit')}
        </Button>
        <Button variant="subtle" onClick={onCancel} fullWidth>
          {t('auth.mfa.back')}
        </Button>
      </Stack>
    </form>
  );
}
