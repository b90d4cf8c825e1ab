import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SectionCard } from '../../../components/section-card';
import { assetSource, IMAGE_ACCEPT, IMAGE_MAX_MEGABYTES, imageFileProblem } from '../../../lib/assets';
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
  const resetFile = useRef<() => void>(null);

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

  const choose = (file: File | null) => {
    // Picking the same file again after a refusal must still fire a change.
    resetFile.current?.();
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      showErrorToast(t(`assets.problem.${problem}`, { max: IMAGE_MAX_MEGABYTES }));
      return;
    }
    run(file);
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
        <Group gap="sm">
          <FileButton
            onChange={choose}
            accept={IMAGE_ACCEPT}
            resetRef={resetFile}
            disabled={setPhoto.isPending}
            inputProps={{ 'aria-label': t('buildings.photo.file') }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhotoUp size={18} aria-hidden="true" />}
                loading={pending === 'upload'}
                disabled={pending === 'remove'}
              >
                {hasPhoto ? t('buildings.photo.replace') : t('buildings.photo.upload')}
              </Button>
            )}
          </FileButton>
          {hasPhoto ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              disabled={setPhoto.isPending}
              onClick={() => setConfirmingRemoval(true)}
            >
              {t('buildings.photo.remove')}
            </Button>
          ) : null}
        </Group>
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
