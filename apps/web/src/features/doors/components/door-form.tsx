import {
  DOOR_DRIVERS,
  type DoorCreateBody,
  type DoorDriverName,
  type DoorUpdateBody,
  doorCreateBodySchema,
  doorUpdateBodySchema,
  driverSchemas,
} from '@gatehouse/core';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { showFormError, zodValidator } from '../../../lib/forms';
import type { Door } from '../api/get-door';
import { SaltoksLockFields } from './saltoks-lock-fields';

type RelayAuth = 'none' | 'basic' | 'digest';
const RELAY_AUTHS: readonly RelayAuth[] = ['none', 'basic', 'digest'];

/**
 * The door form's values, flat: the door's own fields, then every driver setting by its name in the
 * driver's schema (so the schema's issues land on the right input). Only the chosen driver's
 * settings are sent.
 */
export interface DoorValues {
  name: string;
  is_entrance: boolean;
  driver: DoorDriverName;
  unlock_seconds: number | string;
  offline: boolean;
  url: string;
  switch: number | string;
  auth: RelayAuth;
  username: string;
  password: string;
  timeout_ms: number | string;
  /** Salto KS: the lock, and its OTP secret (only when typed). */
  lock_id: string;
  otp_secret: string;
}

const DEFAULT_VALUES: DoorValues = {
  name: '',
  is_entrance: false,
  driver: 'simulated',
  unlock_seconds: 5,
  offline: false,
  url: '',
  switch: 1,
  auth: 'digest',
  username: '',
  password: '',
  timeout_ms: 3000,
  lock_id: '',
  otp_secret: '',
};

function numberOr<T>(value: unknown, fallback: T): number | T {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** The form values of an existing door; the reply's `driverConfig` keys arrive camelCased. */
export function doorValuesOf(door: Door): DoorValues {
  const config = door.driverConfig;
  const auth = RELAY_AUTHS.find((value) => value === config.auth) ?? DEFAULT_VALUES.auth;
  return {
    ...DEFAULT_VALUES,
    name: door.name,
    is_entrance: door.isEntrance,
    driver: door.driver,
    unlock_seconds: numberOr(config.unlockSeconds, DEFAULT_VALUES.unlock_seconds),
    offline: config.offline === true,
    url: textOr(config.url, ''),
    switch: numberOr(config.switch, DEFAULT_VALUES.switch),
    auth,
    username: textOr(config.username, ''),
    timeout_ms: numberOr(config.timeoutMs, DEFAULT_VALUES.timeout_ms),
    lock_id: textOr(config.lockId, ''),
  };
}

/** An emptied number field leaves the setting to the schema's default. */
function numberInput(value: number | string): number | undefined {
  if (value === '' || value === undefined) return undefined;
  return typeof value === 'number' ? value : Number(value);
}

/** The chosen driver's settings, as its schema (`driverSchemas[driver].config`) reads them. */
function configOf(values: DoorValues): Record<string, unknown> {
  if (values.driver === 'simulated') {
    return { unlock_seconds: numberInput(values.unlock_seconds), offline: values.offline };
  }
  if (values.driver === 'saltoks') {
    // The site is the building's: the server fills it in and checks the lock is there.
    return { lock_id: values.lock_id, unlock_seconds: numberInput(values.unlock_seconds) };
  }
  const withCredentials = values.auth !== 'none';
  return {
    url: values.url.trim(),
    switch: numberInput(values.switch),
    auth: values.auth,
    ...(withCredentials && values.username.trim() ? { username: values.username.trim() } : {}),
    timeout_ms: numberInput(values.timeout_ms),
    unlock_seconds: numberInput(values.unlock_seconds),
  };
}

/** The chosen driver's secrets: the relay password or lock's OTP secret, only when typed (empty keeps the stored one). */
function secretsOf(values: DoorValues): Record<string, unknown> | undefined {
  if (values.driver === 'http_relay' && values.auth !== 'none' && values.password !== '') {
    return { password: values.password };
  }
  if (values.driver === 'saltoks' && values.otp_secret.trim() !== '') {
    return { otp_secret: values.otp_secret.trim() };
  }
  return undefined;
}

export type DoorFormMode = 'create' | 'edit';

/** The request body: the door's fields with the driver's settings checked by the driver's schema. */
export function doorBodyOf(values: DoorValues, mode: 'create'): DoorCreateBody;
export function doorBodyOf(values: DoorValues, mode: 'edit'): DoorUpdateBody;
export function doorBodyOf(values: DoorValues, mode: DoorFormMode): DoorCreateBody | DoorUpdateBody {
  const driver = driverSchemas[values.driver];
  const secrets = secretsOf(values);
  const body = {
    name: values.name,
    is_entrance: values.is_entrance,
    driver: values.driver,
    driver_config: driver.config.parse(configOf(values)),
    ...(secrets ? { secrets: driver.secrets.parse(secrets) } : {}),
  };
  return mode === 'create' ? doorCreateBodySchema.parse(body) : doorUpdateBodySchema.parse(body);
}

/** Validates the door's fields with the door schema and the settings with the chosen driver's schemas. */
function validateDoor(values: DoorValues, mode: DoorFormMode, t: TFunction): FormErrors {
  const driver = driverSchemas[values.driver];
  const doorSchema = mode === 'create' ? doorCreateBodySchema : doorUpdateBodySchema;
  return {
    ...zodValidator(driver.secrets, t)(secretsOf(values) ?? {}),
    ...zodValidator(driver.config, t)(configOf(values)),
    ...zodValidator(
      doorSchema,
      t,
    )({
      name: values.name,
      is_entrance: values.is_entrance,
      driver: values.driver,
      driver_config: {},
    }),
  };
}

/** Server errors about `driver_config.url` or `secrets.password` go next to the flat `url` or `password`. */
export function showDoorFormError(form: UseFormReturnType<DoorValues>, error: unknown): void {
  showFormError(form, error, { fieldOf: (field) => field.replace(/^(driver_config|secrets)\./, '') });
}

export function useDoorForm(mode: DoorFormMode, door?: Door) {
  const { t } = useTranslation();
  return useForm<DoorValues>({
    initialValues: door ? doorValuesOf(door) : DEFAULT_VALUES,
    validate: (values) => validateDoor(values, mode, t),
  });
}

/**
 * A door's name, entrance switch and driver, with the chosen driver's settings: a simulated lock's
 * unlock time and offline switch, an IP intercom relay's address, switch, authentication and
 * timing, or a Salto KS lock of the building's site. `hasPassword` says a driver secret is stored (an
 * empty field keeps it).
 */
export function DoorFields({
  form,
  buildingId,
  hasPassword = false,
}: {
  form: UseFormReturnType<DoorValues>;
  buildingId: string;
  hasPassword?: boolean;
}) {
  const { t } = useTranslation();
  const values = form.getValues();
  const unlockSeconds = (
    <NumberInput
      label={t('fields.unlock_seconds')}
      description={t('doors.form.unlockSecondsHint')}
      min={1}
      max={600}
      allowDecimal={false}
      {...form.getInputProps('unlock_seconds')}
    />
  );
  return (
    <Stack gap="md">
      <TextInput label={t('fields.door_name')} required {...form.getInputProps('name')} />
      <Switch
        label={t('fields.is_entrance')}
        description={t('doors.form.entranceHint')}
        {...form.getInputProps('is_entrance', { type: 'checkbox' })}
      />
      <Select
        label={t('fields.driver')}
        allowDeselect={false}
        data={DOOR_DRIVERS.map((driver) => ({ value: driver, label: t(`doors.drivers.${driver}`) }))}
        {...form.getInputProps('driver')}
      />
      {values.driver === 'simulated' ? (
        <>
          {unlockSeconds}
          <Switch
            label={t('fields.offline')}
            description={t('doors.form.offlineHint')}
            {...form.getInputProps('offline', { type: 'checkbox' })}
          />
        </>
      ) : values.driver === 'saltoks' ? (
        <>
          <SaltoksLockFields form={form} buildingId={buildingId} hasSecret={hasPassword} />
          {unlockSeconds}
        </>
      ) : (
        <>
          <TextInput
            label={t('fields.url')}
            description={t('doors.form.urlHint')}
            placeholder="http://192.0.2.20"
            required
            {...form.getInputProps('url')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('fields.switch')}
              min={1}
              max={16}
              allowDecimal={false}
              {...form.getInputProps('switch')}
            />
            <Select
              label={t('fields.auth')}
              allowDeselect={false}
              data={RELAY_AUTHS.map((auth) => ({ value: auth, label: t(`doors.auths.${auth}`) }))}
              {...form.getInputProps('auth')}
            />
          </SimpleGrid>
          {values.auth !== 'none' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('fields.username')}
                autoComplete="off"
                {...form.getInputProps('username')}
              />
              <PasswordField
                label={t('fields.relay_password')}
                description={hasPassword ? t('doors.form.passwordKept') : undefined}
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
            </SimpleGrid>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('fields.timeout_ms')}
              min={200}
              max={15_000}
              step={100}
              allowDecimal={false}
              {...form.getInputProps('timeout_ms')}
            />
            {unlockSeconds}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** The form around the fields, with its submit button. */
export function DoorFormFrame({
  onSubmit,
  children,
  submitLabel,
  pending,
  extraActions,
}: {
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  submitLabel: string;
  pending: boolean;
  extraActions?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        {children}
        <Group justify="flex-end">
          {extraActions}
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
