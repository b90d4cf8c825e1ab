import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

/** The IANA zones the browser knows, as the shared schema accepts them ("Area/City" and UTC). */
function timeZones(): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone.includes('/'));
  } catch {
    // An old browser without the list still offers the default and UTC.
  }
  const all = new Set(['UTC', ...zones, DEFAULT_TIME_ZONE]);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

let cached: string[] | undefined;

/** A searchable select of IANA time zones; a zone that is not listed (an older server value) is kept. */
export function TimeZoneSelect({ value, ...props }: Omit<SelectProps, 'data'> & { value?: string | null }) {
  const { t } = useTranslation();
  cached ??= timeZones();
  const data = value && !cached.includes(value) ? [value, ...cached] : cached;
  return (
    <Select
      label={t('fields.time_zone')}
      description={t('buildings.form.timeZoneHint')}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('buildings.form.noTimeZone')}
      maxDropdownHeight={280}
      data={data}
      value={value ?? null}
      {...props}
    />
  );
}
