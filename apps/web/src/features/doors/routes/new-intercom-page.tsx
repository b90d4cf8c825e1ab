import { IconDeviceLandlinePhone } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function NewIntercomPage() {
  return (
    <PlaceholderContent
      icon={IconDeviceLandlinePhone}
      title="pages.newIntercom.emptyTitle"
      text="pages.newIntercom.emptyText"
    />
  );
}
