/**
 * Browser-only values (localStorage, cookies, Fullscreen API) read through useSyncExternalStore: the first render
 * (server and hydration) uses the server snapshot, the browser value follows right after hydration. That keeps
 * hydration warning-free without reading `window` during render.
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;

export interface LocalStore {
  get: () => string | null;
  set: (value: string | null) => void;
  subscribe: (listener: Listener) => () => void;
}

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function createLocalStore(key: string): LocalStore {
  const listeners = new Set<Listener>();
  return {
    get: () => safeGet(key),
    set(value) {
      try {
        if (value === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, value);
      } catch {
        // storage unavailable: the value lives until reload through the listeners below only
      }
      listeners.forEach((l) => {
        l();
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key === key || e.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

const serverNull = () => null;

/** The stored string, or `null` during server rendering and hydration. */
export function useLocalStore(store: LocalStore): string | null {
  return useSyncExternalStore(store.subscribe, store.get, serverNull);
}

const noopSubscribe = () => () => undefined;

/** `false` on the server and during hydration, `true` afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}
