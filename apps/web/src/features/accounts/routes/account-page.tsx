import { IconUser } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function AccountPage() {
  return (
    <PlaceholderContent icon={IconUser} title="pages.account.emptyTitle" text="pages.account.emptyText" />
  );
}
