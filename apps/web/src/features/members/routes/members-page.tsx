import { IconUsersGroup } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function MembersPage() {
  return (
    <PlaceholderContent
      icon={IconUsersGroup}
      title="pages.members.emptyTitle"
      text="pages.members.emptyText"
    />
  );
}
