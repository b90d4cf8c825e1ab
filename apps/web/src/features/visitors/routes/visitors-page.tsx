import { IconUserQuestion } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function VisitorsPage() {
  return (
    <PlaceholderContent
      icon={IconUserQuestion}
      title="pages.visitors.emptyTitle"
      text="pages.visitors.emptyText"
    />
  );
}
