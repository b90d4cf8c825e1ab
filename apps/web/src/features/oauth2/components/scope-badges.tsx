import { Badge, Group } from '@mantine/core';
import { useScopeText } from '../../../lib/oauth2-scopes';

/** Scopes as short readable labels; the scope itself is the tooltip. */
export function ScopeBadges({ scopes }: { scopes: readonly string[] }) {
  const scopeText = useScopeText();
  return (
    <Group gap={4}>
      {scopes.map((scope) => (
        <Badge key={scope} variant="light" color="gray" title={scope} tt="none">
          {scopeText(scope).label}
        </Badge>
      ))}
    </Group>
  );
}
