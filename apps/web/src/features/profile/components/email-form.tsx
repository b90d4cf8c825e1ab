import { accountUpdateBodySchema } from '@gatehouse/core';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import type { Account } from '../../../lib/session';
import { useUpdateAccount } from '../api/update-account';

interface EmailValues {
  email: string;
  current_password: string;
}

/** Change of email address: takes effect once the link mailed to the new address is opened. */
export function EmailForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailValues>({
    initialValues: { email: '', current_password: '' },
    validate: zodValidator(accountUpdateBodySchema, t),
  });

  const submit = form.onSubmit((values) =>
    update.mutate(accountUpdateBodySchema.parse(values), {
      onSuccess: (saved) => {
        setSentTo(saved.pendingEmail ?? values.email);
        form.reset();
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  const pending = sentTo ?? account.pendingEmail;
  return (
    <Stack gap="md">
      <Text size="sm">{t('profile.email.current', { email: account.email })}</Text>
      {pending ? (
        <Alert
          color="blue"
          icon={<IconMailForward aria-hidden="true" />}
          role="status"
          title={t('profile.email.pendingTitle')}
        >
          {t('profile.email.pendingText', { email: pending })}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.newEmail')}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('fields.current_password')}
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('profile.email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
