import { confirmInviteBodySchema } from '@gatehouse/core';
import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../../components/name-fields';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { showFormError, zodValidator } from '../../../lib/forms';
import { useStartSession } from '../../../lib/session';
import { showSuccessToast } from '../../../lib/toast';
import { useConfirmInvite } from '../api/confirm-invite';
import { InvalidLink } from '../components/invalid-link';

const route = getRouteApi('/auth/confirm_invite');

interface InviteValues {
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
}

/** `/auth/confirm_invite?token=`: the invited user sets a name and password and is signed in. */
export function ConfirmInvitePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = route.useSearch();
  const confirmInvite = useConfirmInvite();
  const startSession = useStartSession();
  const toBody = ({ password_confirmation: _confirmation, ...values }: InviteValues) => ({
    ...values,
    token: token ?? '',
    token_signature_transport: 'cookie_only' as const,
  });
  const form = useForm<InviteValues>({
    initialValues: { first_name: '', last_name: '', password: '', password_confirmation: '' },
    validate: zodValidator(confirmInviteBodySchema, t, { toBody, confirmPassword: true }),
  });

  if (!token) return <InvalidLink text={t('auth.invite.missingToken')} />;

  const submit = form.onSubmit((values) =>
    confirmInvite.mutate(confirmInviteBodySchema.parse(toBody(values)), {
      onSuccess: (reply) => {
        startSession(reply);
        showSuccessToast(t('auth.invite.done'));
        void navigate({ to: '/' });
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NameFields form={form} layout="row" />
        <NewPasswordFields form={form} label={t('fields.password')} />
        <Button type="submit" loading={confirmInvite.isPending} fullWidth>
          {t('auth.invite.submit')}
        </Button>
      </Stack>
    </form>
  );
}
