import { IconUserQuestion } from '@tabler/icons-react';
import { PlaceholderContent } from '../../../components/placeholder-content';

export function NewVisitorPage() {
  return (
    <PlaceholderContent
      icon={IconUserQuestion}
      title="pages.newVisitor.emptyTitle"
      text="pages.newVisitor.emptyText"
    />
  );
}
