import { IconUserShield } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function ManagerPage() {
  return (
    <PlaceholderContent
      icon={IconUserShield}
      title="pages.manager.emptyTitle"
      text="pages.manager.emptyText"
    />
  );
}
