import { displayName, unitUpdateBodySchema } from '@gatehouse/core';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingState } from '../../../components/query-state';
import { SectionCard } from '../../../components/section-card';
import { showFormError, zodValidator } from '../../../lib/forms';
import { usePageData } from '../../../lib/page-data';
import { showSuccessToast } from '../../../lib/toast';
import { type Unit, unitNames, useUnit } from '../../../lib/units';
import { useUpdateUnit } from '../api/update-unit';
import { DestinationFloorSelect } from '../components/destination-floor-select';

const route = getRouteApi('/units/$unitId/properties');

/** The members (to choose delegates from) and the current delegates (spec 2: "preloading the delegate users"). */
export const UNIT_PROPERTIES_PRELOADS = ['members_user', 'delegate_user', 'alt_delegate_user'] as const;

interface UnitValues {
  name: string;
  floor: string;
  /** The destination floor for elevator calls (a KONE area id). */
  kone_area_id: string | null;
  delegate_user_id: string | null;
  alt_delegate_user_id: string | null;
}

function valuesOf(unit: Unit): UnitValues {
  return {
    name: unit.name,
    floor: unit.floor ?? '',
    kone_area_id: unit.koneAreaId,
    delegate_user_id: unit.delegateUserId,
    alt_delegate_user_id: unit.altDelegateUserId,
  };
}

/** The people a delegate may be: the unit's members, and a current delegate who no longer is one. */
function useDelegateOptions(unit: Unit) {
  const { t } = useTranslation();
  const people = new Map<string, string>();
  for (const member of unit.membersUser ?? []) {
    people.set(member.user.id, displayName(member.user, t('common.unknown')));
  }
  for (const delegate of [unit.delegateUser, unit.altDelegateUser]) {
    if (delegate && !people.has(delegate.id))
      people.set(delegate.id, displayName(delegate, t('common.unknown')));
  }
  return [...people]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function PropertiesForm({ unit }: { unit: Unit }) {
  const { t } = useTranslation();
  const update = useUpdateUnit(unit.id);
  const options = useDelegateOptions(unit);
  const form = useForm<UnitValues>({
    initialValues: valuesOf(unit),
    validate: zodValidator(unitUpdateBodySchema, t),
  });

  const submit = form.onSubmit((values) =>
    update.mutate(unitUpdateBodySchema.parse(values), {
      onSuccess: (saved) => {
        const next = valuesOf(saved);
        form.setValues(next);
        form.resetDirty(next);
        showSuccessToast(t('units.saved'));
      },
      onError: (error) => showFormError(form, error),
    }),
  );

  const delegateProps = (field: 'delegate_user_id' | 'alt_delegate_user_id') => ({
    data: options,
    clearable: true,
    searchable: true,
    placeholder: t('units.properties.noDelegate'),
    nothingFoundMessage: t('units.properties.noMember'),
    ...form.getInputProps(field),
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={760}>
        <SectionCard title={t('units.form.title')}>
          <Stack gap="md">
            <TextInput label={t('fields.unit_name')} required {...form.getInputProps('name')} />
            <TextInput
              label={t('fields.floor')}
              description={t('units.form.floorHint')}
              {...form.getInputProps('floor')}
            />
            <DestinationFloorSelect buildingId={unit.buildingId} {...form.getInputProps('kone_area_id')} />
          </Stack>
        </SectionCard>
        <SectionCard
          title={t('units.properties.delegates')}
          description={t('units.properties.delegatesText')}
        >
          <Stack gap="md">
            <Select label={t('fields.delegate_user_id')} {...delegateProps('delegate_user_id')} />
            <Select label={t('fields.alt_delegate_user_id')} {...delegateProps('alt_delegate_user_id')} />
          </Stack>
        </SectionCard>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/units/{id}/properties`: the unit's name and floor and its two delegates, chosen from its members. */
export function UnitPropertiesPage() {
  const { t } = useTranslation();
  const { unitId } = route.useParams();
  const unit = useUnit(unitId, UNIT_PROPERTIES_PRELOADS);
  usePageData({ names: unitNames(unit.data) });

  if (unit.isPending) return <LoadingState />;
  if (unit.isError) {
    return (
      <LoadError message={t('units.loadOneFailed')} error={unit.error} onRetry={() => void unit.refetch()} />
    );
  }
  return <PropertiesForm key={unit.data.id} unit={unit.data} />;
}
