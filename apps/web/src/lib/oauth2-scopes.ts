import { useTranslation } from 'react-i18next';

/*
 * Scopes of third-party apps ("doors:open") are shown on the consent page, on the profile's connected
 * apps and in the superadmin's app form, so their texts live here. i18next reads ':' as a namespace
 * separator, so "doors:open" is looked up as `oauth2.scopes.doors.open`.
 */

export interface ScopeText {
  /** A short name, e.g. "Open doors". */
  label: string;
  /** What the app may do, e.g. "Open the doors you may open". */
  description: string;
}

function keyOf(scope: string): string {
  return `oauth2.scopes.${scope.replace(/:/g, '.')}`;
}

/**
 * The translated texts of a scope; a scope the dashboard does not know yet falls back to the
 * server's English description (GET /token_scopes) and the scope itself.
 */
export function useScopeText(): (scope: string, serverDescription?: string) => ScopeText {
  const { t, i18n } = useTranslation();
  return (scope, serverDescription) => {
    const key = keyOf(scope);
    if (i18n.exists(`${key}.label`)) {
      return { label: t(`${key}.label` as never), description: t(`${key}.description` as never) };
    }
    return { label: scope, description: serverDescription ?? scope };
  };
}
