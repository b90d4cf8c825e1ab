import { displayName } from '@gatehouse/core';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUploadButtons } from '../../../components/image-upload-buttons';
import { assetSource, IMAGE_MAX_MEGABYTES } from '../../../lib/assets';
import type { Account } from '../../../lib/session';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useSetAvatar } from '../api/set-avatar';

/** The user's picture: shown large, replaced from a file, or removed (initials show instead). */
export function AvatarSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const setAvatar = useSetAvatar();
  const [pending, setPending] = useState<'upload' | 'remove' | null>(null);
  const name = displayName(account, account.email);

  const run = (file: File | null) => {
    setPending(file ? 'upload' : 'remove');
    setAvatar.mutate(file, {
      onSuccess: () => showSuccessToast(t(file ? 'profile.avatar.saved' : 'profile.avatar.removed')),
      onError: (error) => showErrorToast(error),
      onSettled: () => setPending(null),
    });
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
        <ImageUploadButtons
          hasImage={Boolean(src)}
          fileLabel={t('profile.avatar.file')}
          uploadLabel={t('profile.avatar.upload')}
          replaceLabel={t('profile.avatar.replace')}
          removeLabel={t('profile.avatar.remove')}
          onUpload={run}
          onRemove={() => run(null)}
          busy={setAvatar.isPending}
          pending={pending}
          removeShowsProgress
        />
        <Text size="xs" c="dimmed">
          {t('assets.hint', { max: IMAGE_MAX_MEGABYTES })}
        </Text>
      </Stack>
    </Group>
  );
}
