import { IconDoor } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function DoorPage() {
  return <PlaceholderContent icon={IconDoor} title="pages.door.emptyTitle" text="pages.door.emptyText" />;
}
