import { Button, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { showErrorToast, showSuccessToast } from '../lib/toast';
import { ConfirmModal } from './confirm-modal';

interface DeleteWithConfirmProps {
  /** The delete mutation of what is shown (its hook knows what to delete and which lists to refresh). */
  remove: UseMutationResult<void, Error, void>;
  /** The button's and the confirm button's label. */
  label: string;
  confirmTitle: string;
  confirmText: ReactNode;
  /** The success toast. */
  doneMessage: string;
  /** Where to go once it is gone (the thing's page no longer exists). */
  onDeleted: () => void;
  disabled?: boolean;
}

/**
 * A red Delete button that asks first. Confirmed, it deletes, toasts and leaves the page; a failure
 * closes the modal and shows the server's error.
 */
export function DeleteWithConfirm({
  remove,
  label,
  confirmTitle,
  confirmText,
  doneMessage,
  onDeleted,
  disabled = false,
}: DeleteWithConfirmProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        showSuccessToast(doneMessage);
        onDeleted();
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
        disabled={disabled}
      >
        {label}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={close}
        title={confirmTitle}
        confirmLabel={label}
        onConfirm={confirm}
        loading={remove.isPending}
      >
        <Text>{confirmText}</Text>
      </ConfirmModal>
    </>
  );
}
