/**
 * The route guard of console-spec §2 as one pure decision, used by the QuickJS entry (status and 302s) and by the
 * browser (client-side navigation, after the menu arrives). Pure: no React, no storage.
 *
 * - With a token: an open-route visit to `/` or `/login` goes to the `redirect` query (a path, or a route name) or
 *   /map; fixed routes are shown; other paths wait for the menu, then show the menu route, send a group to its
 *   first child, or answer 404.
 * - Without a token: open routes are shown (and, except on Login, a visitor sign-in runs); known console routes go to
 *   /map; paths nobody knows answer 404.
 */
import { paths } from '@/lib/paths';
import { resolveRoute, type ClientBundle, type PageRoute } from '@/lib/routes';
import { isSeededMenuPath, matchMenuRoute, pathOfName, type MenuMatch, type MenuRoutes } from '@/lib/console/menu-routes';
import { safeRedirect } from './redirect';

export type GuardResult =
  | { kind: 'redirect'; to: string }
  | { kind: 'fixed'; route: PageRoute; visitorLogin: boolean }
  | { kind: 'menu'; match: MenuMatch }
  | { kind: 'pending' }
  | { kind: 'notFound' };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  /** The token is the automatic visitor's: they may still open /login to sign in properly. */
  visitor?: boolean;
  /** null while the menu is not loaded (always on the server). */
  menus: MenuRoutes | null;
}

/** One query value, decoded; without relying on URLSearchParams (absent in QuickJS). */
export function queryValue(search: string, name: string): string | null {
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    const dec = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    if (dec(rawKey) === name) return dec(rawValue);
  }
  return null;
}

/** Where a signed-in visit to `/` or `/login` goes: the `redirect` path, a named menu route, else /map. */
export function redirectTarget(search: string, menus: MenuRoutes | null): string {
  const raw = queryValue(search, 'redirect');
  if (raw === null || raw.trim() === '') return paths.map;
  if (raw.startsWith('/')) return safeRedirect(raw);
  return pathOfName(menus, raw.trim(), paths.map);
}

/** Open routes where the automatic visitor sign-in does not run: signing in properly is the point there. */
const NO_VISITOR_LOGIN: readonly string[] = ['Login', '404', 'qrLogin'];

export function guard({ pathname, search, hasToken, visitor = false, menus }: GuardInput): GuardResult {
  const resolved = resolveRoute(pathname);
  if (resolved.kind === 'redirect') {
    if (hasToken && pathname.replace(/\/+$/, '') === '') return { kind: 'redirect', to: redirectTarget(search, menus) };
    return { kind: 'redirect', to: `${resolved.to}${search}` };
  }
  if (resolved.kind === 'page') {
    const route = resolved.route;
    if (hasToken) {
      if (route.name === 'Login') {
        if (visitor) return { kind: 'fixed', route, visitorLogin: false };
        return { kind: 'redirect', to: redirectTarget(search, menus) };
      }
      return { kind: 'fixed', route, visitorLogin: false };
    }
    if (route.open) return { kind: 'fixed', route, visitorLogin: !NO_VISITOR_LOGIN.includes(route.name) };
    return { kind: 'redirect', to: paths.map };
  }
  if (hasToken) {
    if (menus === null) return { kind: 'pending' };
    const match = matchMenuRoute(menus, pathname);
    if (!match) return { kind: 'notFound' };
    if (match.route.isGroup) {
      return match.route.firstChildPath ? { kind: 'redirect', to: match.route.firstChildPath } : { kind: 'notFound' };
    }
    return { kind: 'menu', match };
  }
  return isSeededMenuPath(pathname) ? { kind: 'redirect', to: paths.map } : { kind: 'notFound' };
}

/**
 * The client bundle that hydrates the page of a decision (a redirect has none): a fixed route's own, the site for
 * the 404 of unknown paths, the console for menu routes and for those waiting for the menu.
 */
export function bundleFor(result: Exclude<GuardResult, { kind: 'redirect' }>): ClientBundle {
  if (result.kind === 'fixed') return result.route.bundle;
  return result.kind === 'notFound' ? 'site' : 'console';
}
