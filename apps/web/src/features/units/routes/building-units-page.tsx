import { IconHome } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function BuildingUnitsPage() {
  return (
    <PlaceholderContent
      icon={IconHome}
      title="pages.buildingUnits.emptyTitle"
      text="pages.buildingUnits.emptyText"
    />
  );
}
