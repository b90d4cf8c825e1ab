import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatClockTime } from '../lib/format';

/** The dates and clock times of an entry schedule (building time), as the API gives them. */
export interface ScheduleWindowValue {
  dateStart: string;
  dateEnd: string;
  timeStart: string;
  timeEnd: string;
}

/** Whether the window's end time is before its start time, so each day's window runs past midnight. */
export function crossesMidnight(window: Pick<ScheduleWindowValue, 'timeStart' | 'timeEnd'>): boolean {
  return formatClockTime(window.timeEnd) < formatClockTime(window.timeStart);
}

/** "10 Mar 2025 – 11 Mar 2025, 00:00–23:59", with "(across midnight)" when the end is before the start. */
export function useScheduleWindowText(): (window: ScheduleWindowValue) => string {
  const { t, i18n } = useTranslation();
  return (window) => {
    const dates =
      window.dateStart === window.dateEnd
        ? formatCalendarDate(window.dateStart, i18n.language)
        : t('schedule.dateRange', {
            start: formatCalendarDate(window.dateStart, i18n.language),
            end: formatCalendarDate(window.dateEnd, i18n.language),
          });
    const times = t(crossesMidnight(window) ? 'schedule.timesOvernight' : 'schedule.times', {
      start: formatClockTime(window.timeStart),
      end: formatClockTime(window.timeEnd),
    });
    return t('schedule.window', { dates, times });
  };
}

export function ScheduleWindowText({ window, size = 'sm' }: { window: ScheduleWindowValue; size?: string }) {
  const text = useScheduleWindowText();
  return <Text size={size}>{text(window)}</Text>;
}

/** Tells whether the schedule lets people through right now. */
export function ActiveNowBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" size="sm">
      {active ? t('schedule.activeNow') : t('schedule.notActiveNow')}
    </Badge>
  );
}
