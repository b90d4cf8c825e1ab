import { IconKey } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function VisitorDoorsPage() {
  return (
    <PlaceholderContent
      icon={IconKey}
      title="pages.visitorAccess.emptyTitle"
      text="pages.visitorAccess.emptyText"
    />
  );
}
