/**
 * Everything a component may need from the render input (brand, origin, user, route data) plus the current language
 * and the language switch. Identical on the server and during hydration.
 */
import { createContext, use, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Brand } from './brand';
import { currentLang, persistLang } from './i18n';
import { readCookie, useHydrated } from './local-store';
import type { ClientBundle } from './routes';
import { useHasToken, useStoredUser } from './session';
import { normalizeLang, type Lang, type RenderInput, type SessionUser } from './state';

export interface AppContextValue {
  brand: Brand;
  origin: string;
  lang: Lang;
  /**
   * The signed-in user: the host's during server rendering and hydration; afterwards the stored session's (saved at
   * login, refreshed by getUserInfo), and null once the token is gone.
   */
  user: SessionUser | null;
  /** The user the host rendered for (from the x-token cookie), or null. */
  serverUser: SessionUser | null;
  data: Record<string, unknown>;
  /** The client bundle that hydrates this page: links to pages it does not carry load a new document. */
  bundle: ClientBundle;
  setLang: (lang: Lang) => void;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider({ input, bundle, children }: { input: RenderInput; bundle: ClientBundle; children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = currentLang(i18n);
  const storedUser = useStoredUser();
  const hydrated = useHydrated();
  const hasToken = useHasToken(input.user !== null);
  const user = !hydrated ? input.user : hasToken ? (storedUser ?? input.user) : null;

  const setLang = useCallback(
    (next: Lang) => {
      persistLang(next);
      void i18n.changeLanguage(next);
    },
    [i18n],
  );

  // The cookie is what the host renders with. Without it (cleared, or set by an older client), restore the choice
  // kept in localStorage; with it, keep localStorage in step. Idempotent, so re-running on a language change is fine.
  useEffect(() => {
    const cookie = readCookie('lang');
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem('lang');
    } catch {
      stored = null;
    }
    if (cookie === null && (stored === 'zh' || stored === 'en') && stored !== lang) {
      setLang(stored);
    } else if (cookie !== null && normalizeLang(cookie) === lang && stored !== lang) {
      persistLang(lang);
    }
  }, [lang, setLang]);

  const value = useMemo<AppContextValue>(
    () => ({ brand: input.brand, origin: input.origin, lang, user, serverUser: input.user, data: input.data, bundle, setLang }),
    [input.brand, input.origin, input.data, input.user, lang, user, bundle, setLang],
  );
  return <AppContext value={value}>{children}</AppContext>;
}

export function useApp(): AppContextValue {
  const ctx = use(AppContext);
  if (!ctx) throw new Error('useApp() outside <AppProvider>');
  return ctx;
}
