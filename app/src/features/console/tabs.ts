/**
 * The history tabs of the console: every visited console page gets a tab; /map is pinned first; a route with
 * `closeTab` loses its tab once left; keep-alive routes keep their view (and its state) while their tab exists.
 * Pure.
 */
import type { MenuMatch } from '@/lib/console/menu-routes';

export interface ConsoleTab {
  /** The pathname, lower-cased: one tab per page (two user details are two tabs). */
  key: string;
  /** Where clicking the tab goes (pathname + search as last seen). */
  path: string;
  name: string;
  /** Menu titles, or null for fixed routes (titled through i18n by `metaId`). */
  title: { zh: string; en: string } | null;
  metaId: string | null;
  closeTab: boolean;
  keepAlive: boolean;
  pinned: boolean;
  match: MenuMatch | null;
}

export function tabKey(pathname: string): string {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return p === '' ? '/' : p;
}

/** The tab list after visiting `entry`: added (or refreshed) in place; closeTab tabs that were left are dropped. */
export function visitTab(tabs: readonly ConsoleTab[], entry: ConsoleTab): ConsoleTab[] {
  const kept = tabs.filter((t) => t.key === entry.key || !t.closeTab);
  const i = kept.findIndex((t) => t.key === entry.key);
  const next = i === -1 ? [...kept, entry] : kept.map((t, j) => (j === i ? { ...entry } : t));
  // pinned tabs first, in their order
  return [...next.filter((t) => t.pinned), ...next.filter((t) => !t.pinned)];
}

/** Closing a tab: the list without it, and where to go if it was the current one (its left neighbour, else the first). */
export function closeTab(tabs: readonly ConsoleTab[], key: string, currentKey: string | null): { tabs: ConsoleTab[]; goTo: string | null } {
  const i = tabs.findIndex((t) => t.key === key);
  const target = tabs[i];
  if (i === -1 || !target || target.pinned) return { tabs: [...tabs], goTo: null };
  const next = tabs.filter((t) => t.key !== key);
  if (key !== currentKey) return { tabs: next, goTo: null };
  const neighbour = next[i - 1] ?? next[i] ?? null;
  return { tabs: next, goTo: neighbour?.path ?? '/map' };
}

/** Closing every tab but the pinned ones and `keepKey`. */
export function closeOthers(tabs: readonly ConsoleTab[], keepKey: string): ConsoleTab[] {
  return tabs.filter((t) => t.pinned || t.key === keepKey);
}
