import { IconDeviceLandlinePhone } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function IntercomPage() {
  return (
    <PlaceholderContent
      icon={IconDeviceLandlinePhone}
      title="pages.intercom.emptyTitle"
      text="pages.intercom.emptyText"
    />
  );
}
