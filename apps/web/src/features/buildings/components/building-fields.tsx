import { normalisePhone, phoneSchema } from '@gatehouse/core';
import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import type { Building } from '../../../lib/buildings';
import { KoneBuildingSelect } from './kone-building-select';
import { SaltoksSiteSelect } from './saltoks-site-select';
import { DEFAULT_TIME_ZONE, TimeZoneSelect } from './time-zone-select';

/** The building form's values: the request body's fields, as text. */
export interface BuildingValues {
  name: string;
  address: string;
  postal_code: string;
  city: string;
  country: string;
  time_zone: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  /** Provider links: only on the properties form. */
  saltoks_site_id?: string;
  kone_building_id?: string;
  elevator_call_on_entry?: boolean;
}

export const EMPTY_BUILDING_VALUES: BuildingValues = {
  name: '',
  address: '',
  postal_code: '',
  city: '',
  country: '',
  time_zone: DEFAULT_TIME_ZONE,
  contact_name: '',
  contact_email: '',
  contact_phone: '',
};

export function buildingValuesOf(building: Building): Required<BuildingValues> {
  return {
    name: building.name,
    address: building.address ?? '',
    postal_code: building.postalCode ?? '',
    city: building.city ?? '',
    country: building.country ?? '',
    time_zone: building.timeZone,
    contact_name: building.contactName ?? '',
    contact_email: building.contactEmail ?? '',
    contact_phone: building.contactPhone ?? '',
    saltoks_site_id: building.saltoksSiteId ?? '',
    kone_building_id: building.koneBuildingId ?? '',
    elevator_call_on_entry: building.elevatorCallOnEntry,
  };
}

/**
 * The fields of a building, in sections: the building and its place, the contact person and, on the
 * properties form, the links to the lock-system and elevator providers.
 */
export function BuildingFields({
  form,
  withProviders = false,
}: {
  form: UseFormReturnType<BuildingValues>;
  withProviders?: boolean;
}) {
  const { t } = useTranslation();
  const countryProps = form.getInputProps('country');
  const phoneProps = form.getInputProps('contact_phone');
  const normalisePhoneField = () => {
    const value = form.getValues().contact_phone;
    if (phoneSchema.safeParse(value).success)
      form.setFieldValue('contact_phone', normalisePhone(value) ?? '');
  };

  return (
    <Stack gap="lg">
      <SectionCard title={t('buildings.form.buildingSection')}>
        <Stack gap="md">
          <TextInput label={t('fields.building_name')} required {...form.getInputProps('name')} />
          <TextInput
            label={t('fields.address')}
            autoComplete="street-address"
            {...form.getInputProps('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.postal_code')}
              autoComplete="postal-code"
              {...form.getInputProps('postal_code')}
            />
            <TextInput
              label={t('fields.city')}
              autoComplete="address-level2"
              {...form.getInputProps('city')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.country')}
              description={t('buildings.form.countryHint')}
              maxLength={2}
              autoComplete="country"
              {...countryProps}
              onChange={(event) => form.setFieldValue('country', event.currentTarget.value.toUpperCase())}
            />
            <TimeZoneSelect
              {...form.getInputProps('time_zone')}
              onChange={(zone) => form.setFieldValue('time_zone', zone ?? '')}
            />
          </SimpleGrid>
        </Stack>
      </SectionCard>
      <SectionCard title={t('buildings.form.contactSection')}>
        <Stack gap="md">
          <TextInput label={t('fields.contact_name')} {...form.getInputProps('contact_name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.contact_email')}
              type="email"
              {...form.getInputProps('contact_email')}
            />
            <TextInput
              label={t('fields.contact_phone')}
              description={t('profile.details.phoneHint')}
              type="tel"
              inputMode="tel"
              {...phoneProps}
              onBlur={(event) => {
                phoneProps.onBlur?.(event);
                normalisePhoneField();
              }}
            />
          </SimpleGrid>
        </Stack>
      </SectionCard>
      {withProviders ? (
        <SectionCard
          title={t('buildings.form.providersSection')}
          description={t('buildings.form.providersText')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SaltoksSiteSelect {...form.getInputProps('saltoks_site_id')} />
            <KoneBuildingSelect {...form.getInputProps('kone_building_id')} />
          </SimpleGrid>
          <Switch
            mt="md"
            label={t('fields.elevator_call_on_entry')}
            description={t('buildings.form.elevatorCallHint')}
            {...form.getInputProps('elevator_call_on_entry', { type: 'checkbox' })}
          />
        </SectionCard>
      ) : null}
    </Stack>
  );
}
