import { IconPhoneCall } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function IntercomActivityPage() {
  return (
    <PlaceholderContent
      icon={IconPhoneCall}
      title="pages.intercomActivity.emptyTitle"
      text="pages.intercomActivity.emptyText"
    />
  );
}
