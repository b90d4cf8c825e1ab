import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function NewBuildingPage() {
  return (
    <PlaceholderContent
      icon={IconBuildingSkyscraper}
      title="pages.newBuilding.emptyTitle"
      text="pages.newBuilding.emptyText"
    />
  );
}
