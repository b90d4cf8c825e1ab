import { IconHome } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function NewUnitPage() {
  return (
    <PlaceholderContent icon={IconHome} title="pages.newUnit.emptyTitle" text="pages.newUnit.emptyText" />
  );
}
