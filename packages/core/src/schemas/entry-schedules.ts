import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';
import { doorSchema } from './doors.js';
import { preloadsQuerySchema } from './lists.js';

/** HH:MM (24 hours); seconds are not kept. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time such as 08:30');

const dates = { date_start: z.iso.date(), date_end: z.iso.date() };
const times = { time_start: clockTimeSchema, time_end: clockTimeSchema };
const datesInOrder = (value: { date_start?: string; date_end?: string }) =>
  !value.date_start || !value.date_end || value.date_start <= value.date_end;
const datesError = { message: 'The schedule must not end before it starts', path: ['date_end'] };

/**
 * An entry schedule: on the dates from `date_start` to `date_end`, between `time_start` and
 * `time_end` in the building's time zone, the unit's members and visitors may open the door. An end
 * time before the start time runs across midnight.
 */
export const entryScheduleSchema = z.object({
  id: idSchema,
  unit_id: idSchema,
  door_id: idSchema,
  ...dates,
  ...times,
  /** Whether it lets people through right now. */
  active_now: z.boolean(),
  door: doorSchema.optional(),
  inserted_at: timestampSchema,
  updated_at: timestampSchema,
});

/** POST /units/{u}/entry_schedules: absent fields take the default window (today 00:00 to tomorrow 23:59). */
export const entryScheduleCreateBodySchema = z
  .strictObject({ door_id: idSchema, ...z.object(dates).partial().shape, ...z.object(times).partial().shape })
  .refine(datesInOrder, datesError);

/** PUT /units/{u}/entry_schedules/{doorId}. */
export const entryScheduleUpdateBodySchema = z
  .strictObject({ ...z.object(dates).partial().shape, ...z.object(times).partial().shape })
  .refine(datesInOrder, datesError);

export const entrySchedulePreloadsQuerySchema = preloadsQuerySchema(['door']);

export type EntrySchedule = z.infer<typeof entryScheduleSchema>;
export type EntryScheduleCreateBody = z.input<typeof entryScheduleCreateBodySchema>;
export type EntryScheduleUpdateBody = z.input<typeof entryScheduleUpdateBodySchema>;
