import { displayName } from '@gatehouse/core';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assetSource, IMAGE_ACCEPT, IMAGE_MAX_MEGABYTES, imageFileProblem } from '../../../lib/assets';
import type { Account } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useSetAvatar } from '../api/set-avatar';

/** The user's picture: shown large, replaced from a file, or removed (initials show instead). */
export function AvatarSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const setAvatar = useSetAvatar();
  const [pending, setPending] = useState<'upload' | 'remove' | null>(null);
  const resetFile = useRef<() => void>(null);
  const name = displayName(account, account.email);

  const run = (file: File | null) => {
    setPending(file ? 'upload' : 'remove');
    setAvatar.mutate(file, {
      onSuccess: () => showSuccessToast(t(file ? 'profile.avatar.saved' : 'profile.avatar.removed')),
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

  const src = assetSource(account.avatarUrl);
  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <Avatar
        src={src}
        alt={src ? t('profile.avatar.alt', { name }) : undefined}
        name={name}
        color="initials"
        size={88}
        radius="50%"
      />
      <Stack gap="xs">
        <Group gap="sm">
          <FileButton
            onChange={choose}
            accept={IMAGE_ACCEPT}
            resetRef={resetFile}
            disabled={setAvatar.isPending}
            inputProps={{ 'aria-label': t('profile.avatar.file') }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhotoUp size={18} aria-hidden="true" />}
                loading={pending === 'upload'}
                disabled={pending === 'remove'}
              >
                {src ? t('profile.avatar.replace') : t('profile.avatar.upload')}
              </Button>
            )}
          </FileButton>
          {src ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              loading={pending === 'remove'}
              disabled={pending === 'upload'}
              onClick={() => run(null)}
            >
              {t('profile.avatar.remove')}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t('assets.hint', { max: IMAGE_MAX_MEGABYTES })}
        </Text>
      </Stack>
    </Group>
  );
}
