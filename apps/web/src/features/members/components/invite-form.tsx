import { displayName, type MemberRole, memberCreateBodySchema } from '@gatehouse/core';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '../../../components/name-fields';
import { PhoneField } from '../../../components/phone-field';
import { ApiError } from '../../../lib/api-client';
import { showFormError, zodValidator } from '../../../lib/forms';
import { showSuccessToast } from '../../../lib/toast';
import { useCreateMember } from '../api/create-member';
import { RoleSelect } from './roles';

interface InviteValues {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: MemberRole;
}

/**
 * Adds one person to the unit by email. Someone with an account joins at once; someone new gets an
 * account and an invitation by mail, and the toast says which happened.
 */
export function InviteForm({ unitId, onDone }: { unitId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateMember(unitId);
  const form = useForm<InviteValues>({
    initialValues: { email: '', first_name: '', last_name: '', phone: '', role: 'member' },
    validate: zodValidator(memberCreateBodySchema, t),
  });

  const submit = form.onSubmit((values) =>
    create.mutate(memberCreateBodySchema.parse(values), {
      onSuccess: (member) => {
        showSuccessToast(
          member.user.invitePending
            ? t('members.invited', { email: member.user.email })
            : t('members.added', { name: displayName(member.user, t('common.unknown')) }),
        );
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.hasCode('already_member')) {
          form.setFieldError('email', t('apiErrors.already_member'));
        }
        showFormError(form, error);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="off"
          required
          {...form.getInputProps('email')}
        />
        <NameFields form={form} layout="grid" />
        <PhoneField form={form} />
        <RoleSelect {...form.getInputProps('role')} />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('members.inviteSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
