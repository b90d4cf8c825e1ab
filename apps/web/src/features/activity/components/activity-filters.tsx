import { Button, Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchField } from '../../../components/list-controls';
import { useDoors } from '../../../lib/doors';
import type { ActivitySearch } from '../search';

type Range = [string | null, string | null];

/** A filter control's share of the bar: it grows, and wraps onto a new line below this width. */
export const FILTER_STYLE = { flex: '1 1 180px', minWidth: 160 } as const;

/**
 * The filters both activity pages share: a range of days (in the building's time zone), a door and a
 * text search; `children` adds the page's own selects. Every change goes to the URL through
 * `onChange` (the page navigates), and a change made in the URL (back, forward, a shared link) shows
 * here.
 */
export function ActivityFilters({
  buildingId,
  search,
  onChange,
  filtered,
  onClear,
  searchPlaceholder,
  children,
}: {
  buildingId: string;
  search: ActivitySearch;
  onChange: (patch: Partial<ActivitySearch>, options?: { replace?: boolean }) => void;
  /** Whether any filter is set, for the "Clear filters" button. */
  filtered: boolean;
  onClear: () => void;
  searchPlaceholder: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const doors = useDoors(buildingId);

  // A range is picked in two clicks: it goes to the URL once both ends are there (or it is cleared).
  const urlRange: Range = [search.from ?? null, search.to ?? null];
  const [range, setRange] = useState<Range>(urlRange);
  const [shownUrlRange, setShownUrlRange] = useState(urlRange.join('/'));
  if (shownUrlRange !== urlRange.join('/')) {
    setShownUrlRange(urlRange.join('/'));
    setRange(urlRange);
  }
  const changeRange = (value: Range) => {
    setRange(value);
    const [from, to] = value;
    if (from && to) onChange({ from, to });
    else if (!from && !to) onChange({ from: undefined, to: undefined });
  };

  const doorOptions = (doors.data?.doors ?? []).map((door) => ({ value: door.id, label: door.name }));
  // A door that is not in the list (deleted, or beyond the list's limit) still shows as chosen.
  if (search.door && !doorOptions.some((option) => option.value === search.door)) {
    doorOptions.push({ value: search.door, label: t('activity.filters.otherDoor') });
  }

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t('activity.filters.label')}>
      <DatePickerInput
        type="range"
        label={t('activity.filters.dates')}
        placeholder={t('activity.filters.allDates')}
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        value={range}
        onChange={(value) => changeRange(value as Range)}
        allowSingleDateInRange
        clearable
        valueFormat="D MMM YYYY"
        style={{ ...FILTER_STYLE, flexBasis: 230 }}
      />
      <Select
        label={t('activity.filters.door')}
        placeholder={t('activity.filters.allDoors')}
        data={doorOptions}
        value={search.door ?? null}
        onChange={(value) => onChange({ door: value ?? undefined })}
        searchable
        clearable
        nothingFoundMessage={t('activity.filters.noDoors')}
        style={FILTER_STYLE}
      />
      {children}
      <ListSearchField
        value={search.q}
        onSearch={(q) => onChange({ q }, { replace: true })}
        label={t('lists.search')}
        placeholder={searchPlaceholder}
      />
      {filtered ? (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden="true" />}
          onClick={onClear}
        >
          {t('activity.filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
