import { IconDoor } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function DoorsPage() {
  return <PlaceholderContent icon={IconDoor} title="pages.doors.emptyTitle" text="pages.doors.emptyText" />;
}
