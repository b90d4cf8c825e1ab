import { visitorCreateBodySchema } from '@gatehouse/core';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../../components/phone-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import { instantOfWallClock, zonedWallClock } from '../../../lib/time-zones';
import { useCreateVisitor } from '../api/create-visitor';
import type { Visitor } from '../api/get-visitors';

/** How long a new visitor link works by default (decision 006: 24 hours from now). */
export const DEFAULT_VISIT_HOURS = 24;

export interface VisitorValues {
  name: string;
  email: string;
  phone: string;
  /** Wall-clock times in the building's time zone ("YYYY-MM-DD HH:mm:ss"), as the pickers hold them. */
  valid_from: string | null;
  valid_until: string | null;
}

/** From now (to the minute) for 24 hours, in the building's time. */
export function defaultVisitorValues(now: Date, timeZone: string): VisitorValues {
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const end = new Date(start.getTime() + DEFAULT_VISIT_HOURS * 3_600_000);
  return {
    name: '',
    email: '',
    phone: '',
    valid_from: zonedWallClock(start, timeZone),
    valid_until: zonedWallClock(end, timeZone),
  };
}

/** The request body: the picked wall-clock times become instants of the building's time zone. */
export function visitorBodyOf(values: VisitorValues, timeZone: string) {
  const instant = (value: string | null) =>
    value ? (instantOfWallClock(value, timeZone)?.toISOString() ?? value) : undefined;
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    valid_from: instant(values.valid_from),
    valid_until: instant(values.valid_until),
  };
}

/** A new visitor: name, contact and the period their link works (building time). */
export function VisitorForm({
  unitId,
  timeZone,
  onCreated,
  onCancel,
}: {
  unitId: string;
  timeZone: string;
  onCreated: (visitor: Visitor) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateVisitor(unitId);
  const form = useForm<VisitorValues>({
    initialValues: defaultVisitorValues(new Date(), timeZone),
    validate: zodValidator(visitorCreateBodySchema, t, {
      toBody: (values: VisitorValues) => visitorBodyOf(values, timeZone),
    }),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(visitorCreateBodySchema.parse(visitorBodyOf(values, timeZone)), {
      onSuccess: onCreated,
      onError: (error) => showFormError(form, error),
    }),
  );
  const timeHint = t('visitors.form.timeZone', { zone: timeZone });
  const pickerProps = {
    valueFormat: 'D MMM YYYY HH:mm',
    description: timeHint,
    clearable: false,
    submitButtonProps: { 'aria-label': t('visitors.form.pickerDone') },
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('fields.visitor_name')} required {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.email')}
            description={t('visitors.form.emailHint')}
            type="email"
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <PhoneField form={form} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateTimePicker
            label={t('fields.valid_from')}
            {...pickerProps}
            {...form.getInputProps('valid_from')}
          />
          <DateTimePicker
            label={t('fields.valid_until')}
            {...pickerProps}
            {...form.getInputProps('valid_until')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('visitors.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
