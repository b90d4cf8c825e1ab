import { IconAdjustments } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function UnitPropertiesPage() {
  return (
    <PlaceholderContent
      icon={IconAdjustments}
      title="pages.unitProperties.emptyTitle"
      text="pages.unitProperties.emptyText"
    />
  );
}
