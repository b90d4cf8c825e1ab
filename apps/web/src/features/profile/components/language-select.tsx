import { LOCALES, type Locale } from '@gatehouse/core';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyAccountLocale, isLocale } from '../../../i18n';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useUpdateAccount } from '../api/update-account';

/** The account's language: switching changes the dashboard's language at once and saves it. */
export function LanguageSelect({ locale }: { locale: Locale }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateAccount();
  // The language switches before the save returns; show the one in use.
  const current = isLocale(i18n.language) ? i18n.language : locale;
  const data = LOCALES.map((value) => ({ value, label: t(`locales.${value}`) }));

  const change = (value: string | null) => {
    if (!isLocale(value) || value === current) return;
    void applyAccountLocale(value);
    update.mutate(
      { locale: value },
      {
        onSuccess: () => showSuccessToast(t('profile.language.saved')),
        onError: (error) => {
          void applyAccountLocale(locale);
          showErrorToast(error);
        },
      },
    );
  };

  return (
    <Select
      label={t('fields.locale')}
      data={data}
      value={current}
      onChange={change}
      allowDeselect={false}
      disabled={update.isPending}
      maw={320}
    />
  );
}
