import { can } from '@gatehouse/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links';
import { useBuilding } from '../../../lib/buildings';
import { usePageData } from '../../../lib/page-data';
import { useRoleData } from '../../../lib/session';
import { UnitList, type UnitListSearch } from '../components/unit-list';

const route = getRouteApi('/buildings/$buildingId/units');

/** `/buildings/{id}/units`: the units of one building, and "New unit" for its managers. */
export function BuildingUnitsPage() {
  const { t } = useTranslation();
  const { buildingId } = route.useParams();
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const { roleData } = useRoleData();
  const building = useBuilding(buildingId);
  usePageData({ names: building.data ? { building: building.data.name } : {} });
  const onChange = (patch: Partial<UnitListSearch>, options = {}) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), ...options });
  return (
    <UnitList
      search={search}
      onChange={onChange}
      buildingId={buildingId}
      fromBuilding={buildingId}
      actions={
        can(roleData, 'unitCreate', { buildingId }) ? (
          <ButtonLink
            to="/buildings/$buildingId/units/new"
            params={{ buildingId }}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('units.new')}
          </ButtonLink>
        ) : null
      }
    />
  );
}
