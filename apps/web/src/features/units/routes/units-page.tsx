import { Select } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useBuildingOptions } from '../api/get-building-options';
import { UnitList, type UnitListSearch } from '../components/unit-list';

const route = getRouteApi('/units');

/** The building filter of `/units`: shown once the user can see more than one building. */
function BuildingFilter({ value, onChange }: { value?: string; onChange: (buildingId?: string) => void }) {
  const { t } = useTranslation();
  const buildings = useBuildingOptions();
  const options = buildings.data ?? [];
  if (options.length < 2 && !value) return null;
  return (
    <Select
      label={t('units.list.building')}
      placeholder={t('units.list.allBuildings')}
      clearable
      searchable
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      data={options.map((building) => ({ value: building.id, label: building.name }))}
      nothingFoundMessage={t('units.list.noBuilding')}
      w={220}
    />
  );
}

/**
 * `/units`: every unit the user may read, searchable, sortable and paged (all in the URL), and
 * optionally narrowed to one building.
 */
export function UnitsPage() {
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const onChange = (patch: Partial<UnitListSearch & { building_id?: string }>, options = {}) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), ...options });
  return (
    <UnitList
      search={search}
      onChange={onChange}
      buildingId={search.building_id}
      filter={
        <BuildingFilter
          value={search.building_id}
          onChange={(buildingId) => onChange({ building_id: buildingId, page: undefined })}
        />
      }
    />
  );
}
