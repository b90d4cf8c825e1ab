import { Select, TextInput } from '@mantine/core';
import type { ChangeEvent, FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaltoksSites } from '../../../lib/saltoks';

interface SaltoksSiteSelectProps {
  value?: string;
  onChange?: (value: string | ChangeEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: React.ReactNode;
}

/**
 * The Salto KS site a building is linked to, chosen by name from the installation's sites
 * (GET /saltoks/sites). When Salto KS is not set up or cannot be asked, the site id is typed instead.
 * A linked site Salto KS no longer lists stays selectable (by its id), so saving does not drop it.
 */
export function SaltoksSiteSelect({ value, onChange, onFocus, onBlur, error }: SaltoksSiteSelectProps) {
  const { t } = useTranslation();
  const sites = useSaltoksSites();
  const label = t('fields.saltoks_site_id');

  if (sites.isError) {
    return (
      <TextInput
        label={label}
        description={t('buildings.form.saltoksUnavailable')}
        value={value ?? ''}
        onChange={(event) => onChange?.(event)}
        onFocus={onFocus}
        onBlur={onBlur}
        error={error}
      />
    );
  }

  const options = (sites.data ?? []).map((site) => ({ value: site.id, label: site.name }));
  const data =
    value && !options.some((option) => option.value === value)
      ? [{ value, label: value }, ...options]
      : options;
  return (
    <Select
      label={label}
      placeholder={sites.isPending ? t('common.loading') : t('buildings.form.noSaltoksSite')}
      data={data}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
      onFocus={onFocus}
      onBlur={onBlur}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': t('buildings.form.unlinkSaltoksSite') }}
      searchable
      disabled={sites.isPending}
      nothingFoundMessage={t('buildings.form.noSaltoksSites')}
    />
  );
}
