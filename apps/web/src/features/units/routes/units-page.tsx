import { IconHome } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function UnitsPage() {
  return <PlaceholderContent icon={IconHome} title="pages.units.emptyTitle" text="pages.units.emptyText" />;
}
