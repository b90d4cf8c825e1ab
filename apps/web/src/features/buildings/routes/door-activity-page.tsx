import { IconDoorEnter } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function DoorActivityPage() {
  return (
    <PlaceholderContent
      icon={IconDoorEnter}
      title="pages.doorActivity.emptyTitle"
      text="pages.doorActivity.emptyText"
    />
  );
}
