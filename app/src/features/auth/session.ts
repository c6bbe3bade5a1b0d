/**
 * The browser session of console-spec §3/§4: localStorage `token` + `userInfo`, cookie `x-token` (read by the host
 * to know the user on server renders). Browser only, except `useStoredUser` which is hydration-safe.
 */
import { useSyncExternalStore } from 'react';

import { readCookie } from '../../lib/local-store';
import type { SessionUser } from '../../lib/state';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'userInfo';
export const TOKEN_COOKIE = 'x-token';

const listeners = new Set<() => void>();
const notify = () => {
  listeners.forEach((l) => {
    l();
  });
};

export function storeSession(token: string, user: SessionUser): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // without storage the cookie alone still signs the user in on the next server render
  }
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; samesite=lax`;
  notify();
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(USER_KEY);
  } catch {
    // nothing stored
  }
  document.cookie = `${TOKEN_COOKIE}=; path=/; max-age=0; samesite=lax`;
  notify();
}

export function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let cacheKey: string | null = null;
let cacheUser: SessionUser | null = null;

/** The user saved at login, when the x-token cookie still carries the saved token. */
function readStoredUser(): SessionUser | null {
  const token = storedToken();
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(USER_KEY);
  } catch {
    raw = null;
  }
  const key = token && raw && readCookie(TOKEN_COOKIE) === token ? `${token}\n${raw}` : null;
  if (key !== cacheKey) {
    cacheKey = key;
    cacheUser = null;
    if (key && raw) {
      try {
        const parsed = JSON.parse(raw) as unknown;
        cacheUser = typeof parsed === 'object' && parsed !== null ? (parsed as SessionUser) : null;
      } catch {
        cacheUser = null;
      }
    }
  }
  return cacheUser;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** `null` on the server and during hydration; afterwards the stored user (if the session is intact). */
export function useStoredUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, readStoredUser, () => null);
}
