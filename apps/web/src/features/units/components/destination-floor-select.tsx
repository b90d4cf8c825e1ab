import { can } from '@gatehouse/core';
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBuilding } from '../../../lib/buildings';
import { useKoneBuildingConfig } from '../../../lib/kone';
import { useRoleData } from '../../../lib/session';

interface DestinationFloorSelectProps {
  buildingId: string;
  value?: string | null;
  onChange: (value: string | null) => void;
  error?: React.ReactNode;
}

/**
 * The unit's destination floor for elevator calls on entry (decision 008): a floor (area) of the
 * KONE building its building is linked to. Shown to the building's managers when the building has a
 * KONE link; the id is typed when KONE cannot be asked. A stored area KONE no longer lists stays
 * selectable.
 */
export function DestinationFloorSelect({ buildingId, value, onChange, error }: DestinationFloorSelectProps) {
  const { t } = useTranslation();
  const { roleData } = useRoleData();
  const mayConfigure = can(roleData, 'buildingUpdate', { buildingId });
  const building = useBuilding(buildingId);
  const koneBuildingId = mayConfigure ? building.data?.koneBuildingId : null;
  const config = useKoneBuildingConfig(koneBuildingId);

  if (!koneBuildingId) return null;
  const label = t('fields.kone_area_id');
  const description = t('units.form.destinationHint');

  if (config.isError) {
    return (
      <TextInput
        label={label}
        description={t('units.form.destinationUnavailable')}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || null)}
        error={error}
      />
    );
  }

  const options = (config.data?.areas ?? []).map((area) => ({
    value: area.id,
    label: area.name === area.id ? area.id : `${area.name} (${area.id})`,
  }));
  if (value && !options.some((option) => option.value === value)) options.unshift({ value, label: value });
  return (
    <Select
      label={label}
      description={description}
      placeholder={config.isPending ? t('common.loading') : t('units.form.noDestination')}
      data={options}
      value={value ?? null}
      onChange={onChange}
      error={error}
      clearable
      searchable
      disabled={config.isPending}
      nothingFoundMessage={t('units.form.noFloors')}
    />
  );
}
