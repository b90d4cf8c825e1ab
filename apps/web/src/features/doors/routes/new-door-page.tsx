import { IconDoor } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function NewDoorPage() {
  return (
    <PlaceholderContent icon={IconDoor} title="pages.newDoor.emptyTitle" text="pages.newDoor.emptyText" />
  );
}
