import { Button, FileButton, Group } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, IMAGE_MAX_MEGABYTES, imageFileProblem } from '../lib/assets';
import { showErrorToast } from '../lib/toast';

interface ImageUploadButtonsProps {
  /** Whether there is an image now: the upload button then says "replace" and removal is offered. */
  hasImage: boolean;
  /** The file input's accessible name. */
  fileLabel: string;
  uploadLabel: string;
  replaceLabel: string;
  removeLabel: string;
  /** Called with a chosen file that passed the checks `imageFileProblem` does. */
  onUpload: (file: File) => void;
  onRemove: () => void;
  /** A save or removal is under way, so no other file may be chosen. */
  busy: boolean;
  /** Which of the two is under way, for the buttons' spinners. */
  pending: 'upload' | 'remove' | null;
  /**
   * Whether the remove button shows the removal's progress itself. Not where removal is confirmed in
   * a modal first: the modal's button shows it, and this one is merely disabled meanwhile.
   */
  removeShowsProgress?: boolean;
}

/**
 * The upload/replace and remove buttons of an image (building photo, avatar). A chosen file the
 * server would refuse is refused here with a toast, before anything is sent.
 */
export function ImageUploadButtons({
  hasImage,
  fileLabel,
  uploadLabel,
  replaceLabel,
  removeLabel,
  onUpload,
  onRemove,
  busy,
  pending,
  removeShowsProgress = false,
}: ImageUploadButtonsProps) {
  const { t } = useTranslation();
  const resetFile = useRef<() => void>(null);

  const choose = (file: File | null) => {
    // Picking the same file again after a refusal must still fire a change.
    resetFile.current?.();
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      showErrorToast(t(`assets.problem.${problem}`, { max: IMAGE_MAX_MEGABYTES }));
      return;
    }
    onUpload(file);
  };

  return (
    <Group gap="sm">
      <FileButton
        onChange={choose}
        accept={IMAGE_ACCEPT}
        resetRef={resetFile}
        disabled={busy}
        inputProps={{ 'aria-label': fileLabel }}
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconPhotoUp size={18} aria-hidden="true" />}
            loading={pending === 'upload'}
            disabled={pending === 'remove'}
          >
            {hasImage ? replaceLabel : uploadLabel}
          </Button>
        )}
      </FileButton>
      {hasImage ? (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden="true" />}
          loading={removeShowsProgress && pending === 'remove'}
          disabled={removeShowsProgress ? pending === 'upload' : busy}
          onClick={onRemove}
        >
          {removeLabel}
        </Button>
      ) : null}
    </Group>
  );
}
