import { IconKey } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function MyDoorsPage() {
  return <PlaceholderContent icon={IconKey} title="pages.webapp.emptyTitle" text="pages.webapp.emptyText" />;
}
