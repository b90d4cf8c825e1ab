import { TOAST_CLEAR_ON_NAVIGATION_ARM_MS, TOAST_LIFETIME_MS } from '@gatehouse/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import i18n from '../i18n';
import { ApiError, type ApiErrorItem } from './http';

/** A toast message: a text, or a list of which a two-item one reads "first: second" (spec 4). */
export type ToastMessage = string | readonly string[];

export function formatToastMessage(message: ToastMessage): string {
  if (typeof message === 'string') return message;
  if (message.length === 2) return `${message[0]}: ${message[1]}`;
  return message.join(' ');
}

type ToastKind = 'success' | 'error';

/** When each visible toast appeared, to know which ones a navigation may clear. */
const shownAt = new Map<string, number>();
/** One toast per kind, as one message slot per kind: a new message replaces the previous one. */
const currentByKind: Partial<Record<ToastKind, string>> = {};
let sequence = 0;

function forget(id: string): void {
  shownAt.delete(id);
  for (const kind of ['success', 'error'] as const)
    if (currentByKind[kind] === id) delete currentByKind[kind];
}

function show(kind: ToastKind, lines: readonly string[]): string {
  const previous = currentByKind[kind];
  if (previous) {
    notifications.hide(previous);
    forget(previous);
  }
  sequence += 1;
  const id = `toast-${kind}-${sequence}`;
  currentByKind[kind] = id;
  shownAt.set(id, Date.now());
  const Icon = kind === 'error' ? IconAlertCircle : IconCircleCheck;
  notifications.show({
    id,
    color: kind === 'error' ? 'red' : 'teal',
    icon: <Icon size={20} aria-hidden="true" />,
    title: kind === 'error' ? i18n.t('toast.errorTitle') : undefined,
    message: lines.length === 1 ? lines[0] : lines.map((line) => <div key={line}>{line}</div>),
    autoClose: TOAST_LIFETIME_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': i18n.t('toast.close') },
    'data-toast': kind,
    onClose: () => forget(id),
  });
  return id;
}

function fieldLabel(field: string): string {
  const key = `fields.${field}`;
  return i18n.exists(key) ? i18n.t(key as never) : field;
}

/** The text of one server error: a translation of its code, or the server's own message for field errors. */
export function apiErrorText(item: ApiErrorItem): string {
  const key = `apiErrors.${item.code}`;
  if (item.code !== 'validation_failed' && i18n.exists(key)) return i18n.t(key as never);
  return item.message || i18n.t('apiErrors.unknown');
}

const TRANSPORT_KEYS: Record<string, string> = {
  'Network Error': 'errors.network',
  'Request aborted': 'errors.aborted',
};

/** The lines an error toast shows for any thrown value or message. */
export function errorLines(error: unknown): string[] {
  if (typeof error === 'string' || Array.isArray(error)) return [formatToastMessage(error as ToastMessage)];
  if (error instanceof ApiError) {
    if (error.errors.length > 0) {
      return error.errors.map((item) =>
        formatToastMessage(item.field ? [fieldLabel(item.field), apiErrorText(item)] : apiErrorText(item)),
      );
    }
    if (error.status === 0) {
      const key =
        TRANSPORT_KEYS[error.message] ?? (error.message.startsWith('timeout') ? 'errors.timeout' : undefined);
      return [key ? i18n.t(key as never) : error.message];
    }
    return [i18n.t(error.status >= 500 ? 'apiErrors.internal_error' : 'apiErrors.unknown')];
  }
  if (error instanceof Error) {
    return [error.message === 'Logged out' ? i18n.t('errors.loggedOut') : error.message];
  }
  return [i18n.t('apiErrors.unknown')];
}

export function showSuccessToast(message: ToastMessage): string {
  return show('success', [formatToastMessage(message)]);
}

/** Shows an error toast with an error icon for a message, a message list or a thrown error (spec 4, 8). */
export function showErrorToast(error: unknown): string {
  return show('error', errorLines(error));
}

/** Clears the toasts shown at least about a second ago (spec 4); newer ones survive the navigation they caused. */
export function clearToastsOnNavigation(now: number = Date.now()): void {
  for (const [id, at] of [...shownAt]) {
    if (now - at >= TOAST_CLEAR_ON_NAVIGATION_ARM_MS) {
      notifications.hide(id);
      forget(id);
    }
  }
}

/** Removes every toast at once (tests and log out). */
export function clearAllToasts(): void {
  notifications.clean();
  shownAt.clear();
  delete currentByKind.success;
  delete currentByKind.error;
}
