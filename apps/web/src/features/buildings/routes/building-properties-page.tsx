import { IconAdjustments } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function BuildingPropertiesPage() {
  return (
    <PlaceholderContent
      icon={IconAdjustments}
      title="pages.buildingProperties.emptyTitle"
      text="pages.buildingProperties.emptyText"
    />
  );
}
