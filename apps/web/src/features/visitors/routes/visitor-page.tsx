import { IconUserQuestion } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function VisitorPage() {
  return (
    <PlaceholderContent
      icon={IconUserQuestion}
      title="pages.visitor.emptyTitle"
      text="pages.visitor.emptyText"
    />
  );
}
