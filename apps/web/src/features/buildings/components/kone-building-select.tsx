import { useTranslation } from 'react-i18next';
import { type ProviderIdInputProps, ProviderIdSelect } from '../../../components/provider-id-select';
import { useKoneResources } from '../../../lib/kone';

/**
 * The KONE building a building is linked to, chosen from the buildings Gatehouse's KONE application
 * may use (GET /kone/resources). When KONE is not set up or cannot be asked, the id is typed instead.
 * A linked id KONE no longer lists stays selectable, so saving the form does not drop it.
 */
export function KoneBuildingSelect(props: ProviderIdInputProps) {
  const { t } = useTranslation();
  const resources = useKoneResources();
  // KONE buildings have no name of their own here, so the id is the label too.
  const options = (resources.data ?? []).map((resource) => ({
    value: resource.buildingId,
    label: resource.buildingId,
  }));
  return (
    <ProviderIdSelect
      {...props}
      label={t('fields.kone_building_id')}
      unavailableDescription={t('buildings.form.koneUnavailable')}
      options={options}
      isPending={resources.isPending}
      isError={resources.isError}
      placeholder={resources.isPending ? t('common.loading') : t('buildings.form.noKoneBuilding')}
      nothingFound={t('buildings.form.noKoneBuildings')}
    />
  );
}
