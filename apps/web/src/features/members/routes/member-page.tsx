import { can, displayName, type MemberRole } from '@gatehouse/core';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMailForward, IconUserMinus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { InviteBadge } from '../../../components/invite-badge';
import { LoadError, LoadingState } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { unitNames, useUnit } from '../../../lib/units';
import { useDeleteMember } from '../api/delete-member';
import { memberQueryKey, useMember } from '../api/get-member';
import type { Member } from '../api/get-members';
import { useResendInvite } from '../api/resend-invite';
import { useUpdateMember } from '../api/update-member';
import { isMemberRole, RoleBadge, RoleSelect } from '../components/roles';

const route = getRouteApi('/units/$unitId/members/$memberId');

function MemberDetails({ member, name }: { member: Member; name: string }) {
  const { t, i18n } = useTranslation();
  return (
    <SectionCard title={t('members.details')}>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>{t('members.name')}</Table.Th>
            <Table.Td>
              <Group gap="xs">
                {name}
                {member.user.invitePending ? <InviteBadge /> : null}
              </Group>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('fields.email')}</Table.Th>
            <Table.Td>{member.user.email}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('fields.phone')}</Table.Th>
            <Table.Td>{member.user.phone ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('fields.role')}</Table.Th>
            <Table.Td>
              <RoleBadge role={member.role} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('members.since')}</Table.Th>
            <Table.Td>{formatDateTime(member.insertedAt, i18n.language)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}

function ChangeRole({ unitId, member }: { unitId: string; member: Member }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<MemberRole>(member.role);
  const update = useUpdateMember(unitId, member.id);
  const save = () =>
    update.mutate(role, {
      onSuccess: (saved) =>
        showSuccessToast(t('members.roleSaved', { role: t(`members.roles.${saved.role}`) })),
      onError: (error) => {
        setRole(member.role);
        showErrorToast(error);
      },
    });
  return (
    <SectionCard title={t('members.roleTitle')}>
      <Group align="flex-end" gap="sm">
        <RoleSelect
          value={role}
          onChange={(value) => {
            if (isMemberRole(value)) setRole(value);
          }}
          w={{ base: '100%', sm: 360 }}
        />
        <Button onClick={save} loading={update.isPending} disabled={role === member.role}>
          {t('common.save')}
        </Button>
      </Group>
    </SectionCard>
  );
}

function ResendInvite({ unitId, member }: { unitId: string; member: Member }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const resend = useResendInvite(unitId, member.id);
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () => showSuccessToast(t('members.resent', { email: member.user.email })),
      onError: (error) => {
        if (error instanceof ApiError && error.hasCode('invite_accepted')) {
          showErrorToast(t('apiErrors.invite_accepted'));
          void queryClient.invalidateQueries({ queryKey: memberQueryKey(unitId, member.id) });
          return;
        }
        showErrorToast(error);
      },
    });
  return (
    <SectionCard title={t('members.resendTitle')} description={t('members.resendText')}>
      <Button
        variant="light"
        leftSection={<IconMailForward size={18} aria-hidden="true" />}
        onClick={send}
        loading={resend.isPending}
      >
        {t('members.resend')}
      </Button>
    </SectionCard>
  );
}

function RemoveMember({
  unitId,
  member,
  name,
  fromBuilding,
}: {
  unitId: string;
  member: Member;
  name: string;
  fromBuilding?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteMember(unitId, member.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(t('members.removed', { name }));
        void navigate({
          to: '/units/$unitId/members',
          params: { unitId },
          search: fromBuilding ? { building: fromBuilding } : {},
        });
      },
      onError: (error) => {
        close();
        showErrorToast(error);
      },
    });
  return (
    <SectionCard title={t('members.removeSection')} description={t('members.removeDescription')}>
      <Button
        color="red"
        variant="light"
        leftSection={<IconUserMinus size={18} aria-hidden="true" />}
        onClick={open}
      >
        {t('members.remove')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('members.removeTitle', { name })}
        confirmLabel={t('members.remove')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('members.removeText', { name })}</Text>
      </ConfirmModal>
    </SectionCard>
  );
}

/** `/units/{u}/members/{m}`: the member, their role (changeable by managers), the invite, and removal. */
export function MemberPage() {
  const { t } = useTranslation();
  const { unitId, memberId } = route.useParams();
  const { building: fromBuilding } = route.useSearch();
  const { roleData } = useRoleData();
  const unit = useUnit(unitId);
  const member = useMember(unitId, memberId);
  const name = member.data ? displayName(member.data.user, t('common.unknown')) : undefined;
  usePageData({
    ...(name ? { pageTitle: name } : {}),
    names: { ...unitNames(unit.data), ...(name ? { member: name } : {}) },
  });

  if (member.isPending) return <LoadingState />;
  if (member.isError) {
    return (
      <LoadError
        message={t('members.loadOneFailed')}
        error={member.error}
        onRetry={() => void member.refetch()}
      />
    );
  }
  const context = { unitId };
  return (
    <Stack gap="lg" maw={760}>
      <MemberDetails member={member.data} name={name ?? ''} />
      {can(roleData, 'memberUpdate', context) ? (
        <ChangeRole key={member.data.role} unitId={unitId} member={member.data} />
      ) : null}
      {member.data.user.invitePending && can(roleData, 'memberCreate', context) ? (
        <ResendInvite unitId={unitId} member={member.data} />
      ) : null}
      {can(roleData, 'memberDelete', context) ? (
        <RemoveMember unitId={unitId} member={member.data} name={name ?? ''} fromBuilding={fromBuilding} />
      ) : null}
    </Stack>
  );
}
