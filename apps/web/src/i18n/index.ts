import { DEFAULT_LOCALE, LOCALES, type Locale } from '@gatehouse/core';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import nl from './nl.json';

export const resources = { en: { translation: en }, nl: { translation: nl } } as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}

/** The last account locale seen, so a reload starts in the user's language before the account loads. */
const LOCALE_STORAGE_KEY = 'gatehouse.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function storedLocale(): Locale | undefined {
  try {
    const value = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's first preferred language that the dashboard speaks. */
export function browserLocale(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
): Locale | undefined {
  for (const language of languages) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return undefined;
}

/** Language: the account's locale, else the browser's language, else English. */
export function initialLocale(): Locale {
  return storedLocale() ?? browserLocale() ?? DEFAULT_LOCALE;
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches to the account's locale (or back to the browser's language when the account has none). */
export async function applyAccountLocale(locale: string | null | undefined): Promise<void> {
  const next = isLocale(locale) ? locale : (browserLocale() ?? DEFAULT_LOCALE);
  try {
    if (isLocale(locale)) globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
    else globalThis.localStorage?.removeItem(LOCALE_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the language still switches.
  }
  if (i18n.language !== next) await i18n.changeLanguage(next);
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

export default i18n;
