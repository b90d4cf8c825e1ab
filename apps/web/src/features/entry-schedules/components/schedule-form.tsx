import { isWithinSchedule } from '@gatehouse/core';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconMoon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ActiveNowBadge, crossesMidnight } from '../../../components/schedule-window';
import { formatClockTime } from '../../../lib/format';
import { showFormError, zodValidator } from '../../../lib/forms';

/** The form's values: calendar dates ("YYYY-MM-DD") and clock times ("HH:MM") of the building. */
export interface ScheduleValues {
  date_start: string | null;
  date_end: string | null;
  time_start: string;
  time_end: string;
}

export function scheduleValuesOf(window: {
  dateStart: string;
  dateEnd: string;
  timeStart: string;
  timeEnd: string;
}): ScheduleValues {
  return {
    date_start: window.dateStart,
    date_end: window.dateEnd,
    time_start: formatClockTime(window.timeStart),
    time_end: formatClockTime(window.timeEnd),
  };
}

/** The window as the API takes it; an emptied field is sent empty, so the schema names it. */
function windowOf(values: ScheduleValues) {
  return {
    date_start: values.date_start ?? '',
    date_end: values.date_end ?? '',
    time_start: values.time_start,
    time_end: values.time_end,
  };
}

/** Explains a window whose end time is before its start time (decision 006, core's `isWithinSchedule`). */
export function MidnightNote({ timeStart, timeEnd }: { timeStart: string; timeEnd: string }) {
  const { t } = useTranslation();
  if (!crossesMidnight({ timeStart, timeEnd })) return null;
  return (
    <Alert color="indigo" variant="light" icon={<IconMoon size={20} aria-hidden="true" />} data-midnight-note>
      <Text size="sm">
        {t('entrySchedules.midnight', { start: formatClockTime(timeStart), end: formatClockTime(timeEnd) })}
      </Text>
    </Alert>
  );
}

/**
 * The dates and daily times of a schedule. Below the times, what the values mean right now in the
 * building (core's `isWithinSchedule`), and how a window across midnight works.
 */
export function ScheduleForm<Body>({
  initialValues,
  schema,
  toBody,
  timeZone,
  submitLabel,
  loading,
  onSubmit,
}: {
  initialValues: ScheduleValues;
  /** The shared schema of the call's body (create or update). */
  schema: z.ZodType<Body>;
  /** The request body of the values (the create call adds the door). */
  toBody: (window: ReturnType<typeof windowOf>) => Record<string, unknown>;
  timeZone: string;
  submitLabel: string;
  loading: boolean;
  /** Sends the parsed body; `onError` shows a failure next to the fields. */
  onSubmit: (body: Body, onError: (error: unknown) => void) => void;
}) {
  const { t } = useTranslation();
  const build = (values: ScheduleValues) => toBody(windowOf(values));
  const form = useForm<ScheduleValues>({
    initialValues,
    validate: zodValidator(schema, t, { toBody: build }),
  });
  const values = form.getValues();
  const complete =
    values.date_start &&
    values.date_end &&
    /^\d\d:\d\d$/.test(values.time_start) &&
    /^\d\d:\d\d$/.test(values.time_end);
  const activeNow = complete
    ? isWithinSchedule(
        {
          dateStart: values.date_start as string,
          dateEnd: values.date_end as string,
          timeStart: values.time_start,
          timeEnd: values.time_end,
        },
        new Date(),
        timeZone,
      )
    : null;

  const submit = form.onSubmit((submitted) =>
    onSubmit(schema.parse(build(submitted)), (error) => showFormError(form, error)),
  );

  const dateProps = { valueFormat: 'D MMM YYYY', required: true };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DatePickerInput
            label={t('fields.date_start')}
            {...dateProps}
            {...form.getInputProps('date_start')}
          />
          <DatePickerInput label={t('fields.date_end')} {...dateProps} {...form.getInputProps('date_end')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TimeInput label={t('fields.time_start')} required {...form.getInputProps('time_start')} />
          <TimeInput label={t('fields.time_end')} required {...form.getInputProps('time_end')} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('entrySchedules.hint', { zone: timeZone })}
        </Text>
        <MidnightNote timeStart={values.time_start} timeEnd={values.time_end} />
        {activeNow === null ? null : (
          <Group gap="xs">
            <Text size="sm">{t('entrySchedules.preview')}</Text>
            <ActiveNowBadge active={activeNow} />
          </Group>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
