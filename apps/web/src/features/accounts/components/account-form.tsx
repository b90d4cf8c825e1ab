import { LOCALES, type Locale, userUpdateBodySchema } from '@gatehouse/core';
import { Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../../components/name-fields';
import { PhoneField } from '../../../components/phone-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import type { User } from '../api/get-users';
import { useUpdateUser } from '../api/update-user';

interface AccountValues {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  locale: Locale;
  is_superadmin: boolean;
}

function valuesOf(user: User): AccountValues {
  return {
    email: user.email,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    phone: user.phone ?? '',
    locale: user.locale,
    is_superadmin: user.isSuperadmin,
  };
}

/**
 * A superadmin edits someone's account: name, email (effective at once, no confirmation mail),
 * phone, language and the superadmin flag (which nobody can take from themselves).
 */
export function AccountForm({ user, isSelf }: { user: User; isSelf: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateUser(user.id);
  const form = useForm<AccountValues>({
    initialValues: valuesOf(user),
    validate: zodValidator(userUpdateBodySchema, t),
  });

  const submit = form.onSubmit((values) =>
    update.mutate(userUpdateBodySchema.parse(values), {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        form.setValues(next);
        form.resetDirty(next);
        showSuccessToast(t('accounts.saved'));
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NameFields form={form} layout="grid" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.email')}
            description={t('accounts.emailHint')}
            type="email"
            autoComplete="off"
            required
            {...form.getInputProps('email')}
          />
          <PhoneField form={form} />
        </SimpleGrid>
        <Select
          label={t('fields.locale')}
          data={LOCALES.map((value) => ({ value, label: t(`locales.${value}`) }))}
          allowDeselect={false}
          maw={320}
          {...form.getInputProps('locale')}
        />
        <Switch
          label={t('fields.is_superadmin')}
          description={isSelf ? t('accounts.superadminSelf') : t('accounts.superadminHint')}
          disabled={isSelf}
          {...form.getInputProps('is_superadmin', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
