import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import type { Oauth2Client } from '../api/get-oauth2-client';
import { useUpdateOauth2Client } from '../api/update-oauth2-client';
import {
  bodyOf,
  ClientFields,
  type ClientValues,
  clientFieldOf,
  validateClient,
  valuesOf,
} from './client-fields';

/** The app's details, editable; whether it keeps a secret stays as created. */
export function EditClient({ client }: { client: Oauth2Client }) {
  const { t } = useTranslation();
  const update = useUpdateOauth2Client(client.id);
  const form = useForm<ClientValues>({ initialValues: valuesOf(client), validate: validateClient(t) });

  const submit = form.onSubmit((values) => {
    const { confidential: _fixed, ...body } = bodyOf(values);
    update.mutate(body, {
      onSuccess: (saved) => {
        form.resetDirty(valuesOf(saved));
        showSuccessToast(t('oauth2.clients.saved'));
      },
      onError: (error) => showFormError(form, error, { fieldOf: clientFieldOf }),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ClientFields form={form} isNew={false} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
