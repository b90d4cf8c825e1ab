import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultScheduleWindow,
  isWithinSchedule,
  localDateTime,
  nextDate,
  previousDate,
} from './entry-schedule.js';

const amsterdam = 'Europe/Amsterdam';
// 2026-03-10 is in winter time: Amsterdam is UTC+1.
const at = (localIso: string) => new Date(`${localIso}+01:00`);

describe('isWithinSchedule', () => {
  const office = { dateStart: '2026-03-09', dateEnd: '2026-03-13', timeStart: '08:00', timeEnd: '18:00' };

  it('allows inside the dates and times, edges included, and refuses before and after', () => {
    expect(isWithinSchedule(office, at('2026-03-10T07:59:00'), amsterdam)).toBe(false);
    expect(isWithinSchedule(office, at('2026-03-10T08:00:00'), amsterdam)).toBe(true);
    expect(isWithinSchedule(office, at('2026-03-10T12:00:00'), amsterdam)).toBe(true);
    expect(isWithinSchedule(office, at('2026-03-10T18:00:59'), amsterdam)).toBe(true);
    expect(isWithinSchedule(office, at('2026-03-10T18:01:00'), amsterdam)).toBe(false);
    expect(isWithinSchedule(office, at('2026-03-08T12:00:00'), amsterdam)).toBe(false);
    expect(isWithinSchedule(office, at('2026-03-14T12:00:00'), amsterdam)).toBe(false);
  });

  it('reads the time in the building’s time zone, not the server’s', () => {
    // 07:30 UTC is 08:30 in Amsterdam (inside) but 02:30 in New York (outside).
    const instant = new Date('2026-03-10T07:30:00Z');
    expect(isWithinSchedule(office, instant, amsterdam)).toBe(true);
    expect(isWithinSchedule(office, instant, 'America/New_York')).toBe(false);
  });

  it('runs a window across midnight into the morning after its dates', () => {
    const nights = { dateStart: '2026-03-09', dateEnd: '2026-03-10', timeStart: '22:00', timeEnd: '02:00' };
    expect(isWithinSchedule(nights, at('2026-03-09T21:59:00'), amsterdam)).toBe(false);
    expect(isWithinSchedule(nights, at('2026-03-09T23:30:00'), amsterdam)).toBe(true);
    expect(isWithinSchedule(nights, at('2026-03-10T01:30:00'), amsterdam)).toBe(true);
    expect(isWithinSchedule(nights, at('2026-03-10T12:00:00'), amsterdam)).toBe(false);
    // The night of the 10th ends on the morning of the 11th...
    expect(isWithinSchedule(nights, at('2026-03-11T01:59:00'), amsterdam)).toBe(true);
    // ...but no new night starts on the 11th, and the morning of the 9th belongs to the 8th.
    expect(isWithinSchedule(nights, at('2026-03-11T22:30:00'), amsterdam)).toBe(false);
    expect(isWithinSchedule(nights, at('2026-03-09T01:00:00'), amsterdam)).toBe(false);
  });

  it('handles the switch to summer time', () => {
    // On 2026-03-29 Amsterdam skips from 02:00 to 03:00 (UTC+2 from then on).
    const day = { dateStart: '2026-03-29', dateEnd: '2026-03-29', timeStart: '03:00', timeEnd: '04:00' };
    expect(isWithinSchedule(day, new Date('2026-03-29T01:30:00Z'), amsterdam)).toBe(true); // 03:30 local
    expect(isWithinSchedule(day, new Date('2026-03-29T00:30:00Z'), amsterdam)).toBe(false); // 01:30 local
  });

  it('is a pure function of the local minute (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        (s, e, m) => {
          const hhmm = (minutes: number) =>
            `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
          const window = {
            dateStart: '2026-01-01',
            dateEnd: '2026-12-31',
            timeStart: hhmm(s),
            timeEnd: hhmm(e),
          };
          const inside = isWithinSchedule(window, new Date(`2026-06-15T${hhmm(m)}:00Z`), 'UTC');
          const expected = s <= e ? m >= s && m <= e : m >= s || m <= e;
          expect(inside).toBe(expected);
        },
      ),
    );
  });
});

describe('dates', () => {
  it('steps over month and year ends', () => {
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(previousDate('2026-03-01')).toBe('2026-02-28');
    expect(localDateTime(new Date('2026-12-31T23:30:00Z'), amsterdam)).toEqual({
      date: '2027-01-01',
      minutes: 30,
    });
  });

  it('defaults to today 00:00 until tomorrow 23:59 in the building’s time zone', () => {
    expect(defaultScheduleWindow(new Date('2026-03-10T23:30:00Z'), amsterdam)).toEqual({
      dateStart: '2026-03-11',
      dateEnd: '2026-03-12',
      timeStart: '00:00',
      timeEnd: '23:59',
    });
  });
});
