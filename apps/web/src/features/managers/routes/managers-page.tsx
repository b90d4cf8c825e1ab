import { IconUserShield } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function ManagersPage() {
  return (
    <PlaceholderContent
      icon={IconUserShield}
      title="pages.managers.emptyTitle"
      text="pages.managers.emptyText"
    />
  );
}
