/**
 * An i18next instance with every translation bundled in, for the QuickJS entry (one per language, kept) and the
 * tests. Resources are there and initAsync is off, so init() finishes synchronously: safe in QuickJS without a loop.
 */
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { NAMESPACES, resources } from '@/locales';
import { i18nOptions } from './i18n';
import type { Lang } from './state';

export function createI18n(lang: Lang): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({ ...i18nOptions(lang, NAMESPACES), resources, initAsync: false });
  return instance;
}
