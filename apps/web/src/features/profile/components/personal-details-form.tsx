import { accountUpdateBodySchema, normalisePhone, phoneSchema } from '@gatehouse/core';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../../components/name-fields';
import { showFormError, zodValidator } from '../../../lib/forms';
import type { Account } from '../../../lib/session';
import { showSuccessToast } from '../../../lib/toast';
import { useUpdateAccount } from '../api/update-account';

interface DetailsValues {
  first_name: string;
  last_name: string;
  phone: string;
}

function valuesOf(account: Account): DetailsValues {
  return {
    first_name: account.firstName ?? '',
    last_name: account.lastName ?? '',
    phone: account.phone ?? '',
  };
}

/** First and last name and phone; the phone is normalised as spec 3 says, and shown that way. */
export function PersonalDetailsForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const update = useUpdateAccount();
  const form = useForm<DetailsValues>({
    initialValues: valuesOf(account),
    validate: zodValidator(accountUpdateBodySchema, t),
  });

  const phoneProps = form.getInputProps('phone');
  const normalisePhoneField = () => {
    const value = form.getValues().phone;
    // Free text is left for the validator to point out; only a valid number is rewritten.
    if (phoneSchema.safeParse(value).success) form.setFieldValue('phone', normalisePhone(value) ?? '');
  };

  const submit = form.onSubmit((values) => {
    const body = accountUpdateBodySchema.parse(values);
    update.mutate(body, {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        form.setValues(next);
        form.resetDirty(next);
        showSuccessToast(t('profile.details.saved'));
      },
      onError: (error) => showFormError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NameFields form={form} layout="grid" />
        <TextInput
          label={t('fields.phone')}
          description={t('profile.details.phoneHint')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          {...phoneProps}
          onBlur={(event) => {
            phoneProps.onBlur?.(event);
            normalisePhoneField();
          }}
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
