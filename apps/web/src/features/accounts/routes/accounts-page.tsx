import { IconUsers } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function AccountsPage() {
  return (
    <PlaceholderContent icon={IconUsers} title="pages.accounts.emptyTitle" text="pages.accounts.emptyText" />
  );
}
