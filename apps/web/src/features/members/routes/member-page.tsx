import { IconUsersGroup } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function MemberPage() {
  return (
    <PlaceholderContent icon={IconUsersGroup} title="pages.member.emptyTitle" text="pages.member.emptyText" />
  );
}
