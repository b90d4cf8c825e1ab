import { confirmPasswordResetBodySchema } from '@gatehouse/core';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { showFormError, zodValidator } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { InvalidLink } from '../components/invalid-link';

const route = getRouteApi('/auth/reset_password');

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/** `/auth/reset_password?token=`: choose a new password, then sign in with it. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = route.useSearch();
  const confirmReset = useConfirmPasswordReset();
  const toBody = (values: ResetValues) => ({ password: values.password, token: token ?? '' });
  const form = useForm<ResetValues>({
    initialValues: { password: '', password_confirmation: '' },
    validate: zodValidator(confirmPasswordResetBodySchema, t, { toBody, confirmPassword: true }),
  });

  if (!token) return <InvalidLink text={t('auth.reset.missingToken')} />;

  const submit = form.onSubmit((values) =>
    confirmReset.mutate(confirmPasswordResetBodySchema.parse(toBody(values)), {
      onSuccess: () => {
        showSuccessToast(t('auth.reset.done'));
        void navigate({ to: '/auth/login' });
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NewPasswordFields form={form} />
        <Button type="submit" loading={confirmReset.isPending} fullWidth>
          {t('auth.reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
