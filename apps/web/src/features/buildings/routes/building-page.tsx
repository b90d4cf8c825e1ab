import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function BuildingPage() {
  return (
    <PlaceholderContent
      icon={IconBuildingSkyscraper}
      title="pages.building.emptyTitle"
      text="pages.building.emptyText"
    />
  );
}
