import { intercomCreateBodySchema, intercomUpdateBodySchema } from '@gatehouse/core';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import type { Intercom } from '../api/get-intercom';

export interface IntercomValues {
  name: string;
  model: string;
  email?: string;
  password?: string;
}

interface IntercomFormProps<Body> {
  /** Editing an existing intercom, or adding one (which needs its email and password). */
  intercom?: Intercom;
  /** Whether the device account's email and password are part of the form (on update: superadmin only). */
  withCredentials: boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: (
    body: Body,
    form: { onSaved: (saved: Intercom) => void; onError: (error: unknown) => void },
  ) => void;
  extraActions?: ReactNode;
}

/** Builds the body: without credentials it is name and model only; an empty password is left out. */
function bodyOf(values: IntercomValues, withCredentials: boolean) {
  const body: Record<string, unknown> = { name: values.name, model: values.model };
  if (withCredentials) {
    body.email = values.email ?? '';
    if (values.password) body.password = values.password;
  }
  return body;
}

function valuesOf(intercom: Intercom | undefined, withCredentials: boolean): IntercomValues {
  const base = { name: intercom?.name ?? '', model: intercom?.model ?? '' };
  return withCredentials ? { ...base, email: intercom?.email ?? '', password: '' } : base;
}

/**
 * The intercom's name and model and, when `withCredentials`, its device account's email and password.
 * Others never see credential fields: a normal update ignores them on the server anyway.
 */
export function IntercomForm<Body>({
  intercom,
  withCredentials,
  submitLabel,
  pending,
  onSubmit,
  extraActions,
}: IntercomFormProps<Body>) {
  const { t } = useTranslation();
  const creating = intercom === undefined;
  const schema = creating ? intercomCreateBodySchema : intercomUpdateBodySchema;
  const form = useForm<IntercomValues>({
    initialValues: valuesOf(intercom, withCredentials),
    validate: zodValidator(schema, t, {
      toBody: (values: IntercomValues) => bodyOf(values, withCredentials),
    }),
  });

  const submit = form.onSubmit((values) =>
    onSubmit(schema.parse(bodyOf(values, withCredentials)) as Body, {
      onSaved: (saved) => {
        const next = valuesOf(saved, withCredentials);
        form.setValues(next);
        form.resetDirty(next);
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.intercom_name')} {...form.getInputProps('name')} />
          <TextInput label={t('fields.model')} {...form.getInputProps('model')} />
        </SimpleGrid>
        {withCredentials ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.intercom_email')}
              type="email"
              autoComplete="off"
              required={creating}
              {...form.getInputProps('email')}
            />
            <PasswordField
              label={t('fields.intercom_password')}
              description={creating ? t('fields.passwordHint') : t('intercom.passwordKept')}
              autoComplete="new-password"
              required={creating}
              {...form.getInputProps('password')}
            />
          </SimpleGrid>
        ) : null}
        <Group justify="flex-end">
          {extraActions}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
