import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useScopeText } from '../../../lib/oauth2-scopes';
import type { TokenScope } from '../api/get-token-scopes';

/** What the app may do once approved: one line per requested scope, in the user's language. */
export function ScopeList({ scopes, known }: { scopes: readonly string[]; known: readonly TokenScope[] }) {
  const { t } = useTranslation();
  const scopeText = useScopeText();
  return (
    <List
      spacing="xs"
      aria-label={t('oauth2.consent.scopesLabel')}
      icon={
        <ThemeIcon color="teal" size={22} radius="xl" aria-hidden="true">
          <IconCheck size={14} />
        </ThemeIcon>
      }
    >
      {scopes.map((scope) => {
        const text = scopeText(scope, known.find((item) => item.scope === scope)?.description);
        return (
          <List.Item key={scope} data-scope={scope}>
            <Text fw={500} size="sm">
              {text.label}
            </Text>
            <Text size="sm" c="dimmed">
              {text.description}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
