import { IconUsersGroup } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function NewMemberPage() {
  return (
    <PlaceholderContent
      icon={IconUsersGroup}
      title="pages.newMember.emptyTitle"
      text="pages.newMember.emptyText"
    />
  );
}
