/**
 * When an entry schedule lets a unit's members and visitors through a door (spec 3, 4).
 *
 * A schedule holds calendar dates and clock times in the building's time zone: entry is allowed on
 * every date from `dateStart` to `dateEnd` (both included), from `timeStart` to `timeEnd` (both
 * included, minute precision). A window whose end is before its start runs across midnight
 * (22:00–02:00): its early-morning part belongs to the evening it started, so on the morning after
 * `dateEnd` entry is still allowed until `timeEnd`.
 */
export interface ScheduleWindow {
  dateStart: string; // YYYY-MM-DD
  dateEnd: string; // YYYY-MM-DD
  timeStart: string; // HH:MM or HH:MM:SS
  timeEnd: string; // HH:MM or HH:MM:SS
}

/** The local calendar date and minute of the day of an instant in a time zone. */
export function localDateTime(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The date before a YYYY-MM-DD date. */
export function previousDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The date after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Whether the schedule allows entry at `instant`, read in the building's `timeZone`. */
export function isWithinSchedule(schedule: ScheduleWindow, instant: Date, timeZone: string): boolean {
  const { date, minutes } = localDateTime(instant, timeZone);
  const start = minutesOf(schedule.timeStart);
  const end = minutesOf(schedule.timeEnd);
  const onDay = (day: string) => day >= schedule.dateStart && day <= schedule.dateEnd;
  if (start <= end) return onDay(date) && minutes >= start && minutes <= end;
  // Across midnight: the evening part today, or the morning part of yesterday's window.
  return (onDay(date) && minutes >= start) || (onDay(previousDate(date)) && minutes <= end);
}

/** The default window of a new schedule (spec 3, 9): today 00:00 to tomorrow 23:59, building time. */
export function defaultScheduleWindow(instant: Date, timeZone: string): ScheduleWindow {
  const today = localDateTime(instant, timeZone).date;
  return { dateStart: today, dateEnd: nextDate(today), timeStart: '00:00', timeEnd: '23:59' };
}
