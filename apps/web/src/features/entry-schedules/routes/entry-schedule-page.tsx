import { IconCalendarTime } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function EntrySchedulePage() {
  return (
    <PlaceholderContent
      icon={IconCalendarTime}
      title="pages.entrySchedule.emptyTitle"
      text="pages.entrySchedule.emptyText"
    />
  );
}
