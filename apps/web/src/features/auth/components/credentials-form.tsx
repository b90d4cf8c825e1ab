import { loginBodySchema } from '@gatehouse/core';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import { type LogInReply, useLogIn } from '../api/log-in';

interface CredentialsValues {
  email: string;
  password: string;
}

const toBody = (values: CredentialsValues) => ({
  ...values,
  token_signature_transport: 'cookie_only' as const,
});

/** First sign-in step: email and password. */
export function CredentialsForm({ onSuccess }: { onSuccess: (reply: LogInReply) => void }) {
  const { t } = useTranslation();
  const logIn = useLogIn();
  const form = useForm<CredentialsValues>({
    initialValues: { email: '', password: '' },
    validate: zodValidator(loginBodySchema, t, { toBody }),
  });

  const submit = form.onSubmit((values) =>
    logIn.mutate(loginBodySchema.parse(toBody(values)), {
      onSuccess,
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Anchor component={Link} to="/auth/forgot_password" size="sm">
          {t('auth.login.forgotPassword')}
        </Anchor>
        <Button type="submit" loading={logIn.isPending} fullWidth>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
