/**
 * A date and time in the user's language, e.g. "12 Mar 2025, 14:05" (with seconds when `timeStyle` is
 * "medium": "12 Mar 2025, 14:05:09"); in `timeZone` when given.
 */
export function formatDateTime(
  iso: string | null | undefined,
  language: string,
  timeZone?: string,
  timeStyle: 'short' | 'medium' = 'short',
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle, timeZone }).format(date);
}

/** A calendar date ("2025-03-10") in the user's language, e.g. "10 Mar 2025". */
export function formatCalendarDate(date: string, language: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
}

/** A clock time as HH:MM ("08:30:00" → "08:30"). */
export function formatClockTime(time: string): string {
  return time.slice(0, 5);
}
