import { useTranslation } from 'react-i18next';
import { type ProviderIdInputProps, ProviderIdSelect } from '../../../components/provider-id-select';
import { useSaltoksSites } from '../../../lib/saltoks';

/**
 * The Salto KS site a building is linked to, chosen by name from the installation's sites
 * (GET /saltoks/sites). When Salto KS is not set up or cannot be asked, the site id is typed instead.
 * A linked site Salto KS no longer lists stays selectable (by its id), so saving does not drop it.
 */
export function SaltoksSiteSelect(props: ProviderIdInputProps) {
  const { t } = useTranslation();
  const sites = useSaltoksSites();
  const options = (sites.data ?? []).map((site) => ({ value: site.id, label: site.name }));
  return (
    <ProviderIdSelect
      {...props}
      label={t('fields.saltoks_site_id')}
      unavailableDescription={t('buildings.form.saltoksUnavailable')}
      options={options}
      isPending={sites.isPending}
      isError={sites.isError}
      placeholder={sites.isPending ? t('common.loading') : t('buildings.form.noSaltoksSite')}
      nothingFound={t('buildings.form.noSaltoksSites')}
      clearLabel={t('buildings.form.unlinkSaltoksSite')}
    />
  );
}
