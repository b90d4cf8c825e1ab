import type { Icon } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';

/** The honest empty state of a page whose domain work has not landed yet. */
export function PlaceholderContent({ icon, title, text }: { icon: Icon; title: ParseKeys; text: ParseKeys }) {
  const { t } = useTranslation();
  return <EmptyState icon={icon} title={String(t(title))} description={String(t(text))} />;
}
