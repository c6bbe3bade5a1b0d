/**
 * i18next set-up shared by the entries. Every render on the server gets a fresh instance with every translation
 * bundled (./i18n-bundled.ts, no state leaks between requests); the browser creates one instance with the language the
 * server rendered with and the namespaces its bundle renders, loaded before hydration, so hydration matches.
 */
import { createInstance, type BackendModule, type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

import type { Namespace, Translations } from '@/locales';
import { loadNamespace } from '@/locales/load';
import { LANGS, normalizeLang, type Lang } from './state';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Translations;
  }
}

/** Options of both kinds of instance. No fallback language: both languages have every key (tests/unit/locales). */
export function i18nOptions(lang: Lang, namespaces: readonly Namespace[]): InitOptions {
  return {
    lng: lang,
    fallbackLng: false,
    supportedLngs: LANGS,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  };
}

/** Reads each namespace from its chunk: i18next asks for the page's language first, the other one on a switch. */
const chunkBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {
    // nothing to set up: read() imports the chunks
  },
  read(language, namespace, callback) {
    loadNamespace(normalizeLang(language), namespace as Namespace).then(
      (resources) => {
        callback(null, resources);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

/** Browser: an instance whose `namespaces` are loaded in `lang`; `changeLanguage` loads them in the other language. */
export async function loadI18n(lang: Lang, namespaces: readonly Namespace[]): Promise<I18n> {
  const instance = createInstance();
  await instance.use(chunkBackend).use(initReactI18next).init(i18nOptions(lang, namespaces));
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
