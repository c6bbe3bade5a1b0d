/**
 * The part of react-i18next the app uses, for the server bundle only (scripts/build.mjs swaps the package for this
 * module there; the browser keeps react-i18next).
 *
 * A server render is synchronous and its i18n instance never changes language, so the hook needs none of the
 * browser's subscriptions and none of react-i18next's per-component copies of the instance. The server keeps one
 * instance per language across renders (entry.server.tsx), which lets each namespace's `t` be built once and the
 * result of a lookup (a key, with or without options of primitive values) be remembered: after the first render
 * most lookups are one map read. The strings are those i18next returns, so hydration in the browser matches.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';

type Lookup = (key: unknown, ...rest: unknown[]) => string;

interface Translation {
  t: Lookup;
  i18n: I18n;
  ready: true;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export const initReactI18next = {
  type: '3rdParty' as const,
  init() {
    // nothing to wire on the server: the provider carries the instance
  },
};

/** Per instance, per namespace list: the fixed `t` and what it returned per key and options. */
const translations = new WeakMap<I18n, Map<string, Translation>>();
const REMEMBERED_MAX = 2000;

/**
 * Options made of primitives only (`{ n: 2 }`, `{ count: 3, plate: '…' }`) as an unambiguous key: what i18next
 * returns for them cannot change on the server. Null for anything else (objects, functions): not remembered.
 */
function optionsKey(options: unknown): string | null {
  if (typeof options !== 'object' || options === null) return null;
  let key = '';
  for (const [name, value] of Object.entries(options)) {
    if (typeof value === 'string') key += `${JSON.stringify(name)}:${JSON.stringify(value)},`;
    else if (value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol'))
      key += `${JSON.stringify(name)}:${typeof value}${String(value)},`;
    else return null;
  }
  return key;
}

function translation(i18n: I18n, ns: string | readonly string[] | undefined): Translation {
  let byNamespace = translations.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translations.set(i18n, byNamespace);
  }
  const nsKey = typeof ns === 'string' ? ns : (ns ?? []).join(',');
  const known = byNamespace.get(nsKey);
  if (known) return known;

  const getFixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: null, ns: string | readonly string[] | null) => Lookup;
  const fixed = getFixedT(null, ns ?? null);
  const remembered = new Map<string, string>();
  const t: Lookup = (key, ...rest) => {
    if (typeof key !== 'string' || rest.length > 1) return fixed(key, ...rest);
    const options = rest.length === 1 ? optionsKey(rest[0]) : '';
    if (options === null) return fixed(key, ...rest);
    const cacheKey = options === '' ? key : `${key}\u0000${options}`;
    let text = remembered.get(cacheKey);
    if (text === undefined) {
      const found: unknown = fixed(key, ...rest);
      if (typeof found !== 'string') return found as string; // returnObjects
      text = found;
      // bounded: option values (a plate, a name) may come from the request
      if (remembered.size >= REMEMBERED_MAX) remembered.clear();
      remembered.set(cacheKey, text);
    }
    return text;
  };
  const made: Translation = { t, i18n, ready: true };
  byNamespace.set(nsKey, made);
  return made;
}

export function useTranslation(ns?: string | readonly string[]): Translation {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an <I18nextProvider> above it');
  return translation(i18n, ns);
}
