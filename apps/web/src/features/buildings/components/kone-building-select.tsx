import { Select, TextInput } from '@mantine/core';
import type { ChangeEvent, FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKoneResources } from '../../../lib/kone';

interface KoneBuildingSelectProps {
  value?: string;
  onChange?: (value: string | ChangeEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: React.ReactNode;
}

/**
 * The KONE building a building is linked to, chosen from the buildings Gatehouse's KONE application
 * may use (GET /kone/resources). When KONE is not set up or cannot be asked, the id is typed instead.
 * A linked id KONE no longer lists stays selectable, so saving the form does not drop it.
 */
export function KoneBuildingSelect({ value, onChange, onFocus, onBlur, error }: KoneBuildingSelectProps) {
  const { t } = useTranslation();
  const resources = useKoneResources();
  const label = t('fields.kone_building_id');

  if (resources.isError) {
    return (
      <TextInput
        label={label}
        description={t('buildings.form.koneUnavailable')}
        value={value ?? ''}
        onChange={(event) => onChange?.(event)}
        onFocus={onFocus}
        onBlur={onBlur}
        error={error}
      />
    );
  }

  const ids = (resources.data ?? []).map((resource) => resource.buildingId);
  const data = value && !ids.includes(value) ? [value, ...ids] : ids;
  return (
    <Select
      label={label}
      placeholder={resources.isPending ? t('common.loading') : t('buildings.form.noKoneBuilding')}
      data={data}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
      onFocus={onFocus}
      onBlur={onBlur}
      error={error}
      clearable
      searchable
      disabled={resources.isPending}
      nothingFoundMessage={t('buildings.form.noKoneBuildings')}
    />
  );
}
