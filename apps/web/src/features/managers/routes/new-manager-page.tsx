import { IconUserShield } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function NewManagerPage() {
  return (
    <PlaceholderContent
      icon={IconUserShield}
      title="pages.newManager.emptyTitle"
      text="pages.newManager.emptyText"
    />
  );
}
