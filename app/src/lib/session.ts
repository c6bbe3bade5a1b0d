/**
 * The browser session (console-spec §3 "Session", §4): token in localStorage `token` and the `x-token` cookie (which
 * the host reads to render for the user), the user, the role list, the login dialog flag. An external store: React
 * reads it through `useSyncExternalStore` with server snapshots, so the first render matches the server's.
 */
import { useSyncExternalStore } from 'react';

import { readCookie } from './local-store';
import type { KeyValueStorage } from './request/types';
import type { SessionUser } from './state';
import { KEEP_ON_CLEAR, STORAGE_KEYS } from './storage-keys';

export const TOKEN_COOKIE = 'x-token';

const listeners = new Set<() => void>();

/** Tells every subscriber that the stored session changed (token, user, roles). */
export function notifySession(): void {
  listeners.forEach((l) => {
    l();
  });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** localStorage behind the KeyValueStorage interface of the request layer; silent when storage is unavailable. */
export const browserStorage: KeyValueStorage = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable (private mode): the cookie alone still carries the session
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored
    }
  },
  clearExcept(keep) {
    try {
      const ls = window.localStorage;
      const drop: string[] = [];
      for (let i = 0; i < ls.length; i += 1) {
        const key = ls.key(i);
        if (key !== null && !keep.includes(key)) drop.push(key);
      }
      drop.forEach((k) => {
        ls.removeItem(k);
      });
    } catch {
      // nothing stored
    }
  },
};

export function setTokenCookie(token: string | null): void {
  // Over HTTPS the token must never travel in clear text, so the browser may send it only there.
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie =
    token === null
      ? `${TOKEN_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`
      : `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; samesite=lax${secure}`;
}

export function storedToken(): string | null {
  const t = browserStorage.get(STORAGE_KEYS.token);
  return t === null || t === '' ? null : t;
}

/** Replaces the token (e.g. from the `new-token` header) in storage and cookie. */
export function setToken(token: string): void {
  browserStorage.set(STORAGE_KEYS.token, token);
  setTokenCookie(token);
  notifySession();
}

export interface RoleEntry {
  authorityId: number;
  enterpriseId?: number;
}

/** A visitor is flagged by the server, or recognised by name (console-spec §3: visitor names contain 'visitor'). */
export function isVisitorUser(user: SessionUser | null | undefined): boolean {
  if (!user) return false;
  if (user.visitor === true) return true;
  const names = [user.userName, user.name, user.nickName].filter((n): n is string => typeof n === 'string');
  return names.some((n) => /visitor|访客/i.test(n));
}

/** The user's roles: every `authorities[]` entry plus the active `authorityId`. */
export function rolesOf(user: SessionUser): RoleEntry[] {
  const out: RoleEntry[] = [];
  const seen = new Set<string>();
  const add = (authorityId: unknown, enterpriseId?: unknown) => {
    if (typeof authorityId !== 'number') return;
    const key = `${authorityId}:${typeof enterpriseId === 'number' ? enterpriseId : ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(typeof enterpriseId === 'number' ? { authorityId, enterpriseId } : { authorityId });
  };
  if (Array.isArray(user.authorities)) {
    for (const a of user.authorities as unknown[]) {
      if (typeof a === 'object' && a !== null) {
        const r = a as Record<string, unknown>;
        add(r.authorityId, r.enterpriseId);
      }
    }
  }
  add(user.authorityId);
  return out;
}

/** Saves the user and the derived role list; visitors get role list and trusteeship removed (§4). */
export function storeUser(user: SessionUser): void {
  browserStorage.set(STORAGE_KEYS.userInfo, JSON.stringify(user));
  if (isVisitorUser(user)) {
    browserStorage.remove(STORAGE_KEYS.roleList);
    browserStorage.remove(STORAGE_KEYS.trusteeship);
    const id = user.ID ?? user.id ?? user.uuid;
    if (typeof id === 'number' || typeof id === 'string') browserStorage.set(STORAGE_KEYS.visitorId, String(id));
  } else {
    browserStorage.set(STORAGE_KEYS.roleList, JSON.stringify(rolesOf(user)));
  }
  notifySession();
}

/** Login stores token and user (§4). */
export function storeSession(token: string, user: SessionUser): void {
  browserStorage.set(STORAGE_KEYS.token, token);
  setTokenCookie(token);
  storeUser(user);
}

/** Clears stored token, roles, trusteeship, user info and the rest of the session (preferences stay). */
export function clearSession(): void {
  browserStorage.clearExcept(KEEP_ON_CLEAR);
  setTokenCookie(null);
  notifySession();
}

function parseRoles(raw: string | null): RoleEntry[] {
  if (!raw) return [];
  try {
    const v = JSON.parse(raw) as unknown;
    if (!Array.isArray(v)) return [];
    return v.filter((r): r is RoleEntry => typeof r === 'object' && r !== null && typeof (r as RoleEntry).authorityId === 'number');
  } catch {
    return [];
  }
}

let rolesRaw: string | null = null;
let rolesCache: RoleEntry[] = [];
export function readRoleList(): RoleEntry[] {
  const raw = browserStorage.get(STORAGE_KEYS.roleList);
  if (raw !== rolesRaw) {
    rolesRaw = raw;
    rolesCache = parseRoles(raw);
  }
  return rolesCache;
}

const NO_ROLES: RoleEntry[] = [];
/** The stored role list; empty on the server and during hydration. */
export function useRoleList(): RoleEntry[] {
  return useSyncExternalStore(subscribeSession, readRoleList, () => NO_ROLES);
}

/**
 * Whether there is a token. On the server and during hydration the host's answer stands in (it knew the user from
 * the cookie), so the first client render matches the server markup.
 */
export function useHasToken(serverHasToken: boolean): boolean {
  return useSyncExternalStore(
    subscribeSession,
    () => storedToken() !== null,
    () => serverHasToken,
  );
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, storedToken, () => null);
}

let cacheKey: string | null = null;
let cacheUser: SessionUser | null = null;

/** The user saved at login, when the x-token cookie still carries the saved token. */
function readStoredUser(): SessionUser | null {
  const token = storedToken();
  const raw = browserStorage.get(STORAGE_KEYS.userInfo);
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

/** `null` on the server and during hydration; afterwards the stored user (if the session is intact). */
export function useStoredUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, readStoredUser, () => null);
}

// --- leaving the page after a sign-in (login type 'system' reloads, console-spec §4) ----------------------------------
let leaving = false;

/**
 * Stores the new session and loads `url` as a new page. While the browser navigates, the route guard holds still
 * (otherwise it would already redirect /login → /map on the client and race the page load).
 */
export function signInAndReload(token: string, user: SessionUser, url: string): void {
  leaving = true;
  storeSession(token, user);
  window.location.assign(url);
}

export function useLeaving(): boolean {
  return useSyncExternalStore(
    subscribeSession,
    () => leaving,
    () => false,
  );
}

// --- the login dialog (§4: opens on code 100 / 502) ---------------------------------------------------------------
let dialogOpen = false;
const dialogListeners = new Set<() => void>();
const emitDialog = () => {
  dialogListeners.forEach((l) => {
    l();
  });
};

export const loginDialog = {
  open(): void {
    if (dialogOpen) return;
    dialogOpen = true;
    emitDialog();
  },
  close(): void {
    if (!dialogOpen) return;
    dialogOpen = false;
    emitDialog();
  },
  isOpen(): boolean {
    return dialogOpen;
  },
  subscribe(listener: () => void): () => void {
    dialogListeners.add(listener);
    return () => {
      dialogListeners.delete(listener);
    };
  },
};

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => loginDialog.subscribe(l),
    () => loginDialog.isOpen(),
    () => false,
  );
}
