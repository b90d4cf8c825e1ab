import { Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ImageUploadButtons } from '../../../components/image-upload-buttons';
import { SectionCard } from '../../../components/section-card';
import { assetSource, IMAGE_MAX_MEGABYTES } from '../../../lib/assets';
import type { Building } from '../../../lib/buildings';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useSetBuildingPhoto } from '../api/set-building-photo';

/** The building's photo, when it has one (its link is signed, so the image loads without sign-in). */
export function BuildingPhoto({ building, height = 220 }: { building: Building; height?: number }) {
  const { t } = useTranslation();
  const src = assetSource(building.photoUrl);
  if (!src) return null;
  return (
    <Image
      src={src}
      alt={t('buildings.photo.alt', { name: building.name })}
      h={height}
      fit="cover"
      radius="md"
    />
  );
}

/** The photo card of the properties page: the current photo, a new one, or none. */
export function BuildingPhotoCard({ building }: { building: Building }) {
  const { t } = useTranslation();
  const setPhoto = useSetBuildingPhoto(building.id);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [pending, setPending] = useState<'upload' | 'remove' | null>(null);

  const run = (file: File | null) => {
    setPending(file ? 'upload' : 'remove');
    setPhoto.mutate(file, {
      onSuccess: () => {
        setConfirmingRemoval(false);
        showSuccessToast(t(file ? 'buildings.photo.saved' : 'buildings.photo.removed'));
      },
      onError: (error) => showErrorToast(error),
      onSettled: () => setPending(null),
    });
  };

  const hasPhoto = Boolean(building.photoUrl);
  return (
    <SectionCard title={t('buildings.photo.title')} description={t('buildings.photo.description')}>
      <Stack gap="md">
        {hasPhoto ? (
          <BuildingPhoto building={building} />
        ) : (
          <Text c="dimmed">{t('buildings.photo.none')}</Text>
        )}
        <ImageUploadButtons
          hasImage={hasPhoto}
          fileLabel={t('buildings.photo.file')}
          uploadLabel={t('buildings.photo.upload')}
          replaceLabel={t('buildings.photo.replace')}
          removeLabel={t('buildings.photo.remove')}
          onUpload={run}
          onRemove={() => setConfirmingRemoval(true)}
          busy={setPhoto.isPending}
          pending={pending}
        />
        <Text size="xs" c="dimmed">
          {t('assets.hint', { max: IMAGE_MAX_MEGABYTES })}
        </Text>
      </Stack>
      <ConfirmModal
        opened={confirmingRemoval}
        onClose={() => setConfirmingRemoval(false)}
        title={t('buildings.photo.removeTitle')}
        confirmLabel={t('buildings.photo.remove')}
        onConfirm={() => run(null)}
        loading={pending === 'remove'}
      >
        <Text>{t('buildings.photo.removeText')}</Text>
      </ConfirmModal>
    </SectionCard>
  );
}
