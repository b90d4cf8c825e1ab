import { resetPasswordBodySchema } from '@gatehouse/core';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError, zodValidator } from '../../../lib/forms';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Asks for a reset link; the answer is the same whether the address has an account or not. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: zodValidator(resetPasswordBodySchema, t) });

  const submit = form.onSubmit((values) =>
    requestReset.mutate(resetPasswordBodySchema.parse(values), {
      onSuccess: () => setSent(true),
      onError: (error) => showFormError(form, error),
    }),
  );

  if (sent) {
    return (
      <Stack gap="md">
        <Alert
          color="teal"
          icon={<IconMailCheck aria-hidden="true" />}
          title={t('auth.forgot.sentTitle')}
          role="status"
        >
          {t('auth.forgot.sentText')}
        </Alert>
        <Anchor component={Link} to="/auth/login">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={requestReset.isPending} fullWidth>
          {t('auth.forgot.submit')}
        </Button>
        <Anchor component={Link} to="/auth/login" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
