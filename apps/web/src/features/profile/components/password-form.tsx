import { accountUpdateBodySchema } from '@gatehouse/core';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import { useUpdateAccount } from '../api/update-account';

interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** Change of password: the current one, the new one and its confirmation. */
export function PasswordForm() {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useForm<PasswordValues>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: zodValidator(accountUpdateBodySchema, t, { confirmPassword: true }),
  });

  const submit = form.onSubmit((values) =>
    update.mutate(accountUpdateBodySchema.parse(values), {
      onSuccess: () => {
        form.reset();
        showSuccessToast(t('profile.password.saved'));
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('fields.current_password')}
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('profile.password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
