import { localDateTime } from '@gatehouse/core';

/*
 * Date and time pickers work in wall-clock strings ("2025-03-10 14:30:00"); the API takes instants.
 * Entry schedules and visitor links belong to a building, so the wall clock is the building's, not
 * the browser's (they differ when a manager abroad plans a visit).
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall clock in `timeZone` at `instant`, as "YYYY-MM-DD HH:mm:00" (minute precision). */
export function zonedWallClock(instant: Date, timeZone: string): string {
  const { date, minutes } = localDateTime(instant, timeZone);
  return `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/;

/**
 * The instant at which the wall clock in `timeZone` shows `wallClock` ("YYYY-MM-DD HH:mm[:ss]"), or
 * null when the text is not such a value. A time skipped by a daylight-saving change resolves to the
 * instant just after the jump; a repeated one to its first occurrence.
 */
export function instantOfWallClock(wallClock: string, timeZone: string): Date | null {
  const match = WALL_CLOCK.exec(wallClock);
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wanted = Date.UTC(year, month - 1, day, hours, minutes);
  // Read the guess back in the zone and move by the difference; twice covers a DST change in between.
  let instant = wanted;
  for (let step = 0; step < 2; step += 1) {
    const { date, minutes: shown } = localDateTime(new Date(instant), timeZone);
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const shownUtc = Date.UTC(y, m - 1, d, Math.floor(shown / 60), shown % 60);
    instant += wanted - shownUtc;
  }
  return new Date(instant);
}

/** The browser's own time zone, to say when the building's differs. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The calendar date ("YYYY-MM-DD") in `timeZone` at `instant`, e.g. today in a building. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  return localDateTime(instant, timeZone).date;
}

/** A calendar date moved by `days` (negative: back), e.g. `addDays(today, -13)` for a 14-day range. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The instant a calendar day starts in `timeZone` (its 00:00), or null for a malformed date. */
export function startOfDayIn(date: string, timeZone: string): Date | null {
  return instantOfWallClock(`${date} 00:00`, timeZone);
}

/** The last millisecond of a calendar day in `timeZone`, for ranges whose end is included. */
export function endOfDayIn(date: string, timeZone: string): Date | null {
  const next = startOfDayIn(addDays(date, 1), timeZone);
  return next ? new Date(next.getTime() - 1) : null;
}
