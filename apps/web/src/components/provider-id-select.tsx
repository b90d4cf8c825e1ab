import { Select, TextInput } from '@mantine/core';
import type { ChangeEvent, FocusEvent, ReactNode } from 'react';

/** The input props a `form.getInputProps(...)` spread hands to a field holding a provider's id. */
export interface ProviderIdInputProps {
  value?: string;
  onChange?: (value: string | ChangeEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: ReactNode;
}

interface ProviderIdSelectProps extends ProviderIdInputProps {
  label: string;
  /** Why the id is typed: shown when the provider's list could not be had. */
  unavailableDescription: string;
  options: { value: string; label: string }[];
  isPending: boolean;
  isError: boolean;
  placeholder: string;
  nothingFound: string;
  /** The clear button's accessible name; Mantine's unnamed button when not given. */
  clearLabel?: string;
}

/**
 * An id at an outside provider (KONE, Salto KS), chosen from what the provider lists. When the
 * provider is not set up or cannot be asked, the id is typed instead, so the link can still be made
 * or kept. A linked id the provider no longer lists stays selectable (by its id), so saving the form
 * does not drop it. Clearing stores an empty string, which unlinks.
 */
export function ProviderIdSelect({
  label,
  unavailableDescription,
  options,
  isPending,
  isError,
  placeholder,
  nothingFound,
  clearLabel,
  value,
  onChange,
  onFocus,
  onBlur,
  error,
}: ProviderIdSelectProps) {
  if (isError) {
    return (
      <TextInput
        label={label}
        description={unavailableDescription}
        value={value ?? ''}
        onChange={(event) => onChange?.(event)}
        onFocus={onFocus}
        onBlur={onBlur}
        error={error}
      />
    );
  }

  const data =
    value && !options.some((option) => option.value === value)
      ? [{ value, label: value }, ...options]
      : options;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
      onFocus={onFocus}
      onBlur={onBlur}
      error={error}
      clearable
      clearButtonProps={clearLabel ? { 'aria-label': clearLabel } : undefined}
      searchable
      disabled={isPending}
      nothingFoundMessage={nothingFound}
    />
  );
}
