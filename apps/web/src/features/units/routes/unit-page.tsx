import { IconHome } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function UnitPage() {
  return <PlaceholderContent icon={IconHome} title="pages.unit.emptyTitle" text="pages.unit.emptyText" />;
}
