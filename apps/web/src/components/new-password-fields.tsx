import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';

/** The values the new-password pair binds to. */
export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

/**
 * A new password (with the length hint) and its confirmation, bound to a Mantine form's `password`
 * and `password_confirmation`. `label` replaces the first field's "New password" label.
 */
export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
  label,
}: {
  form: UseFormReturnType<Values>;
  label?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label ?? t('fields.newPassword')}
        description={t('fields.passwordHint')}
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={t('fields.password_confirmation')}
        autoComplete="new-password"
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
