import { Loader, Radio, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccessChoices } from '../api/get-access-choices';

export type LimitKind = 'all' | 'building' | 'door';

export interface AccessLimit {
  kind: LimitKind;
  buildingId: string | null;
  doorId: string | null;
}

export const NO_LIMIT: AccessLimit = { kind: 'all', buildingId: null, doorId: null };

interface LimitAccessProps {
  value: AccessLimit;
  onChange: (value: AccessLimit) => void;
  choices: AccessChoices | undefined;
  loading: boolean;
  /** Shown under the building or door select when the user approves without choosing one. */
  error: string | null;
}

/** The optional narrowing of a grant: every building of the user, one building, or one door. */
export function LimitAccess({ value, onChange, choices, loading, error }: LimitAccessProps) {
  const { t } = useTranslation();
  if (loading) return <Loader size="sm" aria-label={t('common.loading')} />;
  if (!choices || choices.buildings.length === 0) return null;

  const doorGroups = choices.buildings
    .map((building) => ({
      group: building.name,
      items: choices.doors
        .filter((door) => door.building.id === building.id)
        .map((door) => ({ value: door.id, label: door.name })),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('oauth2.consent.limit.label')}
        description={t('oauth2.consent.limit.description')}
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind: kind as LimitKind })}
      >
        <Stack gap={6} mt="xs">
          <Radio value="all" label={t('oauth2.consent.limit.all')} />
          <Radio value="building" label={t('oauth2.consent.limit.building')} />
          {doorGroups.length > 0 ? <Radio value="door" label={t('oauth2.consent.limit.door')} /> : null}
        </Stack>
      </Radio.Group>
      {value.kind === 'building' ? (
        <Select
          label={t('oauth2.consent.limit.buildingSelect')}
          placeholder={t('oauth2.consent.limit.buildingPlaceholder')}
          data={choices.buildings.map((building) => ({ value: building.id, label: building.name }))}
          value={value.buildingId}
          onChange={(buildingId) => onChange({ ...value, buildingId })}
          error={error}
          searchable
          allowDeselect={false}
        />
      ) : null}
      {value.kind === 'door' ? (
        <Select
          label={t('oauth2.consent.limit.doorSelect')}
          placeholder={t('oauth2.consent.limit.doorPlaceholder')}
          data={doorGroups}
          value={value.doorId}
          onChange={(doorId) => onChange({ ...value, doorId })}
          error={error}
          searchable
          allowDeselect={false}
        />
      ) : null}
      {value.kind === 'all' ? null : (
        <Text size="xs" c="dimmed">
          {t('oauth2.consent.limit.hint')}
        </Text>
      )}
    </Stack>
  );
}
