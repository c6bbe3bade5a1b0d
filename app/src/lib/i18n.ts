/**
 * i18next set-up shared by both entries. Every render on the server gets a fresh instance (no state leaks between
 * requests); the browser creates one instance with the language the server rendered with, so hydration matches.
 */
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { NAMESPACES, resources, type Translations } from '@/locales';
import { DEFAULT_LANG, normalizeLang, type Lang } from './state';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Translations;
  }
}

export function createI18n(lang: Lang): I18n {
  const instance = createInstance();
  // Resources are bundled and initAsync is off, so init() finishes synchronously: safe in QuickJS without a loop.
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: ['zh', 'en'],
    resources,
    ns: NAMESPACES,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  return instance;
}

/** The current language of an instance, narrowed to the two we support. */
export function currentLang(i18n: I18n): Lang {
  return normalizeLang(i18n.resolvedLanguage ?? i18n.language);
}

/** A translation looked up by a key built at run time; `undefined` when the key does not exist. */
export function optionalT(i18n: I18n, key: string, options?: Record<string, unknown>): string | undefined {
  if (!i18n.exists(key)) return undefined;
  const t = i18n.t as unknown as (k: string, o?: Record<string, unknown>) => string;
  return t(key, options);
}

export const LANG_COOKIE_MAX_AGE = 31536000;

/**
 * Persists a language choice the way the host expects it (docs/ssr-contract.md "Language"): localStorage `lang`,
 * cookie `lang` for a year, and `<html lang>`. Browser only.
 */
export function persistLang(lang: Lang): void {
  try {
    window.localStorage.setItem('lang', lang);
  } catch {
    // storage may be unavailable (private mode); the cookie still carries the choice
  }
  document.cookie = `lang=${lang}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`;
  document.documentElement.lang = lang;
}
