import { can } from '@gatehouse/core';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconMailForward, IconRestore, IconTrash } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadError, LoadingState } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { unitNames, useUnit } from '../../../lib/units';
import { useDeleteVisitor } from '../api/delete-visitor';
import { useVisitor } from '../api/get-visitor';
import type { Visitor } from '../api/get-visitors';
import { useResendVisitorLink } from '../api/resend-link';
import { useUpdateVisitor } from '../api/update-visitor';
import { VisitorLink } from '../components/visitor-link';
import { VisitorStateBadge } from '../components/visitor-state-badge';

const route = getRouteApi('/units/$unitId/visitors/$visitorId');

function VisitorDetails({ visitor, timeZone }: { visitor: Visitor; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const rows: Array<[string, React.ReactNode]> = [
    [t('visitors.state'), <VisitorStateBadge key="state" state={visitor.state} />],
    [t('fields.valid_from'), formatDateTime(visitor.validFrom, i18n.language, timeZone)],
    [t('fields.valid_until'), formatDateTime(visitor.validUntil, i18n.language, timeZone)],
    [t('fields.email'), visitor.email ?? '—'],
    [t('fields.phone'), visitor.phone ?? '—'],
  ];
  if (visitor.revokedAt) {
    rows.push([t('visitors.revokedAt'), formatDateTime(visitor.revokedAt, i18n.language, timeZone)]);
  }
  return (
    <SectionCard title={t('visitors.details')}>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {timeZone ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('visitors.form.timeZone', { zone: timeZone })}
        </Text>
      ) : null}
    </SectionCard>
  );
}

/** Revoke (asks first: the link stops at once) or restore (the link works again within its period). */
function RevokeOrRestore({ unitId, visitor }: { unitId: string; visitor: Visitor }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const update = useUpdateVisitor(unitId, visitor.id);
  const revoked = visitor.revokedAt !== null;
  const setRevoked = (next: boolean) =>
    update.mutate(
      { revoked: next },
      {
        onSuccess: () => {
          close();
          showSuccessToast(
            t(next ? 'visitors.revoke.done' : 'visitors.restore.done', { name: visitor.name }),
          );
        },
        onError: (error) => {
          close();
          showErrorToast(error);
        },
      },
    );
  if (revoked) {
    return (
      <Button
        variant="light"
        leftSection={<IconRestore size={18} aria-hidden="true" />}
        loading={update.isPending}
        onClick={() => setRevoked(false)}
      >
        {t('visitors.restore.submit')}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="light"
        color="orange"
        leftSection={<IconBan size={18} aria-hidden="true" />}
        onClick={open}
      >
        {t('visitors.revoke.submit')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('visitors.revoke.confirmTitle', { name: visitor.name })}
        confirmLabel={t('visitors.revoke.submit')}
        onConfirm={() => setRevoked(true)}
        loading={update.isPending}
        color="orange"
      >
        <Text>{t('visitors.revoke.confirmText')}</Text>
      </ConfirmModal>
    </>
  );
}

function DeleteVisitor({
  unitId,
  visitor,
  fromBuilding,
}: {
  unitId: string;
  visitor: Visitor;
  fromBuilding?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const remove = useDeleteVisitor(unitId, visitor.id);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(t('visitors.delete.done', { name: visitor.name }));
        void navigate({
          to: '/units/$unitId/visitors',
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
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} aria-hidden="true" />}
        onClick={open}
      >
        {t('visitors.delete.submit')}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={t('visitors.delete.confirmTitle', { name: visitor.name })}
        confirmLabel={t('visitors.delete.submit')}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{t('visitors.delete.confirmText')}</Text>
      </ConfirmModal>
    </>
  );
}

function ResendLink({ unitId, visitor }: { unitId: string; visitor: Visitor }) {
  const { t } = useTranslation();
  const resend = useResendVisitorLink(unitId, visitor.id);
  return (
    <Button
      variant="light"
      leftSection={<IconMailForward size={18} aria-hidden="true" />}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: () => showSuccessToast(t('visitors.resent', { email: visitor.email })),
          onError: showErrorToast,
        })
      }
    >
      {t('visitors.resend')}
    </Button>
  );
}

/**
 * `/units/{u}/visitors/{v}`: the visitor, their link (text, QR code, Copy, Share), and for those who
 * manage visitors: mail the link again, revoke or restore it, delete the visitor.
 */
export function VisitorPage() {
  const { t } = useTranslation();
  const { unitId, visitorId } = route.useParams();
  const { building: fromBuilding } = route.useSearch();
  const { roleData } = useRoleData();
  const unit = useUnit(unitId);
  const visitor = useVisitor(unitId, visitorId);
  const name = visitor.data?.name;
  usePageData({
    ...(name ? { pageTitle: name } : {}),
    names: { ...unitNames(unit.data), ...(name ? { visitor: name } : {}) },
  });

  if (visitor.isPending) return <LoadingState />;
  if (visitor.isError) {
    return (
      <LoadError
        message={t('visitors.loadOneFailed')}
        error={visitor.error}
        onRetry={() => void visitor.refetch()}
      />
    );
  }
  const mayWrite = can(roleData, 'visitorAll', { unitId });
  return (
    <Stack gap="lg" maw={860}>
      <VisitorDetails visitor={visitor.data} timeZone={unit.data?.building.timeZone} />
      <SectionCard title={t('visitors.link.title')} description={t('visitors.link.description')}>
        <VisitorLink visitor={visitor.data} buildingName={unit.data?.building.name ?? ''} />
      </SectionCard>
      {mayWrite ? (
        <SectionCard title={t('visitors.manage')}>
          <Group gap="sm">
            {visitor.data.email ? <ResendLink unitId={unitId} visitor={visitor.data} /> : null}
            <RevokeOrRestore unitId={unitId} visitor={visitor.data} />
            <DeleteVisitor unitId={unitId} visitor={visitor.data} fromBuilding={fromBuilding} />
          </Group>
        </SectionCard>
      ) : null}
    </Stack>
  );
}
