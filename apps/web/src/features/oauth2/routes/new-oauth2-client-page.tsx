import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';
import { showFormError } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import { type Oauth2ClientWithSecret, useCreateOauth2Client } from '../api/create-oauth2-client';
import {
  bodyOf,
  ClientFields,
  type ClientValues,
  clientFieldOf,
  EMPTY_CLIENT_VALUES,
  validateClient,
} from '../components/client-fields';
import { ClientSecretModal } from '../components/client-secret-modal';

/**
 * `/accounts/oauth2_clients/new` (superadmin): registers an app. A confidential app's secret is shown
 * once, here, before the app's page opens.
 */
export function NewOauth2ClientPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOauth2Client();
  const [created, setCreated] = useState<Oauth2ClientWithSecret | null>(null);
  const form = useForm<ClientValues>({ initialValues: EMPTY_CLIENT_VALUES, validate: validateClient(t) });

  const openClient = (clientId: string) =>
    void navigate({ to: '/accounts/oauth2_clients/$clientId', params: { clientId } });

  const submit = form.onSubmit((values) =>
    create.mutate(bodyOf(values), {
      onSuccess: (client) => {
        showSuccessToast(t('oauth2.clients.createdToast', { name: client.name }));
        if (client.clientSecret) setCreated(client);
        else openClient(client.id);
      },
      onError: (error) => showFormError(form, error, { fieldOf: clientFieldOf }),
    }),
  );

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg" maw={760}>
          <ClientFields form={form} isNew />
          <Group justify="flex-end">
            <ButtonLink to="/accounts/oauth2_clients" variant="default">
              {t('common.cancel')}
            </ButtonLink>
            <Button type="submit" loading={create.isPending} disabled={created !== null}>
              {t('oauth2.clients.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ClientSecretModal
        clientId={created?.id ?? ''}
        secret={created?.clientSecret ?? null}
        onClose={() => {
          if (created) openClient(created.id);
        }}
      />
    </>
  );
}
