import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function BuildingsPage() {
  return (
    <PlaceholderContent
      icon={IconBuildingSkyscraper}
      title="pages.buildings.emptyTitle"
      text="pages.buildings.emptyText"
    />
  );
}
