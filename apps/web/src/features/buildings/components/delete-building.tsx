import { Button, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SectionCard } from '../../../components/section-card';
import { ApiError } from '../../../lib/api-client';
import type { Building } from '../../../lib/buildings';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useDeleteBuilding } from '../api/delete-building';

/** closed → confirm → (409: units or doors exist) conflict → cascade, confirmed by typing the name. */
type Step = 'closed' | 'confirm' | 'conflict' | 'cascade';

/**
 * Deleting a building (superadmin). A building that still has units or doors is refused (409); the
 * user may then delete it with them, after a second confirmation naming the building.
 */
export function DeleteBuilding({ building }: { building: Building }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteBuilding();
  const [step, setStep] = useState<Step>('closed');
  const [typedName, setTypedName] = useState('');

  const close = () => {
    setStep('closed');
    setTypedName('');
  };
  const run = (cascade: boolean) =>
    remove.mutate(
      { buildingId: building.id, cascade },
      {
        onSuccess: () => {
          close();
          showSuccessToast(t('buildings.delete.done', { name: building.name }));
          void navigate({ to: '/buildings' });
        },
        onError: (error) => {
          if (!cascade && error instanceof ApiError && error.status === 409) {
            setStep('conflict');
            return;
          }
          showErrorToast(error);
        },
      },
    );

  const modal = {
    closed: null,
    confirm: {
      title: t('buildings.delete.confirmTitle', { name: building.name }),
      body: <Text>{t('buildings.delete.confirmText')}</Text>,
      confirmLabel: t('buildings.delete.submit'),
      onConfirm: () => run(false),
    },
    conflict: {
      title: t('buildings.delete.conflictTitle'),
      body: <Text>{t('buildings.delete.conflictText', { name: building.name })}</Text>,
      confirmLabel: t('buildings.delete.cascade'),
      onConfirm: () => setStep('cascade'),
    },
    cascade: {
      title: t('buildings.delete.cascadeTitle', { name: building.name }),
      body: (
        <>
          <Text>{t('buildings.delete.cascadeText')}</Text>
          <TextInput
            label={t('buildings.delete.typeName', { name: building.name })}
            value={typedName}
            onChange={(event) => setTypedName(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
        </>
      ),
      confirmLabel: t('buildings.delete.cascadeSubmit'),
      onConfirm: () => run(true),
    },
  }[step];

  return (
    <SectionCard title={t('buildings.delete.title')} description={t('buildings.delete.description')}>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={18} aria-hidden="true" />}
        onClick={() => setStep('confirm')}
      >
        {t('buildings.delete.submit')}
      </Button>
      <ConfirmModal
        opened={modal !== null}
        onClose={close}
        title={modal?.title ?? ''}
        confirmLabel={modal?.confirmLabel ?? ''}
        onConfirm={modal?.onConfirm ?? close}
        loading={remove.isPending}
        confirmDisabled={step === 'cascade' && typedName.trim() !== building.name.trim()}
      >
        {modal?.body}
      </ConfirmModal>
    </SectionCard>
  );
}
