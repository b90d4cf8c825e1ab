import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageMeta } from '../lib/lists';

/** How long typing pauses before a list's search is applied. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/**
 * A search field whose text goes into the URL once typing pauses (`onSearch` navigates), and which
 * shows the URL's search when the URL changes by itself (back, forward, a link).
 */
export function ListSearchField({
  value,
  onSearch,
  label,
  placeholder,
}: {
  /** The search in the URL. */
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
  label: string;
  placeholder: string;
}) {
  const [text, setText] = useState(value ?? '');
  const apply = useDebouncedCallback(
    (next: string) => onSearch(next.trim() || undefined),
    LIST_SEARCH_DEBOUNCE_MS,
  );
  const [urlValue, setUrlValue] = useState(value);
  if (urlValue !== value) {
    setUrlValue(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      style={{ flex: 1, minWidth: 200, maxWidth: 400 }}
    />
  );
}

/** "1–25 of 60" and the page numbers of a paged list (these only when there is more than one page). */
export function ListFooter({
  meta,
  shown,
  onPage,
}: {
  meta: PageMeta;
  /** How many items this page shows. */
  shown: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.ceil(meta.total / meta.pageSize);
  const first = (meta.page - 1) * meta.pageSize + 1;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t('lists.range', { first, last: first + shown - 1, total: meta.total })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={meta.page}
          onChange={onPage}
          aria-label={t('lists.pagination')}
          getItemProps={(item) => ({ 'aria-label': t('lists.page', { page: item }) })}
          getControlProps={(control) => ({ 'aria-label': t(`lists.${control}`) })}
        />
      ) : null}
    </Group>
  );
}
