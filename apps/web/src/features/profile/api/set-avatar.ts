import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadImage } from '../../../lib/assets';
import { type Account, accountQueryKey } from '../../../lib/session';
import { updateAccount } from './update-account';

/**
 * A new avatar: the upload (create, bytes, finish), then PUT /me/account with its id; null removes
 * the avatar. The server deletes the avatar it replaces.
 */
export async function setAvatar(file: File | null): Promise<Account> {
  const asset = file ? await uploadImage(file, { purpose: 'avatar' }) : null;
  return updateAccount({ avatar_asset_id: asset?.id ?? null });
}

export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvatar,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
