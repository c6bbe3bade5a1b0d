/**
 * The fixed routes of console-spec §2 without components: used by the QuickJS entry (status, redirect, head), by the
 * route guard, and by the browser (document title after client-side navigation). `site-app.tsx` and `console-app.tsx`
 * map the same paths to page components. Menu-driven routes come from the server and live in
 * features/console/menu-routes.ts.
 */
import { matchPath } from 'react-router';

import { paths, patterns } from './paths';

export type MetaId =
  | 'map'
  | 'solution'
  | 'about'
  | 'login'
  | 'qrLogin'
  | 'notFound'
  | 'register'
  | 'permissionSetting'
  | 'install'
  | 'cancellation'
  | 'truck'
  | 'saloon'
  | 'discussionsInfo'
  | 'messageInfo'
  | 'locus'
  | 'workspace'
  | 'dashboard'
  | 'article'
  | 'workOrder'
  | 'reload'
  | 'console';

/** site: public header/footer; console: the console shell; bare: full page of its own (login, register). */
export type RouteLayout = 'site' | 'console' | 'bare';

/**
 * The browser bundle that hydrates a page (docs/ssr-contract.md): `site` carries only the public pages (no query or
 * realtime layers, no console); `console` carries everything.
 */
export type ClientBundle = 'site' | 'console';

export interface PageRoute {
  /** The route name of console-spec §2 (the guard's open list is by name). */
  name: string;
  path: string;
  metaId: MetaId;
  status: 200 | 404;
  /** Needs no sign-in (console-spec §2 "Route guard"). */
  open: boolean;
  layout: RouteLayout;
  bundle: ClientBundle;
  /** Not built yet: an honest 'not available yet' notice, kept out of search engines. */
  unavailable?: boolean;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { name: 'map', path: paths.map, metaId: 'map', status: 200, open: true, layout: 'console', bundle: 'console' },
  { name: 'solution', path: paths.solution, metaId: 'solution', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'about', path: paths.about, metaId: 'about', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'Login', path: paths.login, metaId: 'login', status: 200, open: true, layout: 'bare', bundle: 'site' },
  { name: 'qrLogin', path: paths.qrLogin, metaId: 'qrLogin', status: 200, open: true, layout: 'bare', bundle: 'console' },
  { name: 'register', path: patterns.register, metaId: 'register', status: 200, open: true, layout: 'bare', bundle: 'console' },
  { name: '404', path: paths.notFound, metaId: 'notFound', status: 404, open: true, layout: 'site', bundle: 'site' },
  { name: 'install', path: paths.install, metaId: 'install', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'cancellation', path: paths.cancellation, metaId: 'cancellation', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'truck', path: paths.truck, metaId: 'truck', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'saloon', path: paths.saloon, metaId: 'saloon', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'discussionsInfo', path: patterns.discussionsInfo, metaId: 'discussionsInfo', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'messageInfo', path: patterns.messageInfo, metaId: 'messageInfo', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'permissionSetting', path: paths.permissionSetting, metaId: 'permissionSetting', status: 200, open: false, layout: 'console', bundle: 'console' },
  { name: 'locus', path: paths.locus, metaId: 'locus', status: 200, open: false, layout: 'console', bundle: 'console' },
  { name: 'workspaceHome', path: paths.workspaceHome, metaId: 'workspace', status: 200, open: false, layout: 'console', bundle: 'console' },
  { name: 'workspaceSchema', path: paths.workspaceSchema, metaId: 'workspace', status: 200, open: false, layout: 'console', bundle: 'console' },
  { name: 'dashboard', path: paths.dashboard, metaId: 'dashboard', status: 200, open: false, layout: 'console', bundle: 'console' },
  // open although console-spec §2 does not list it: the privacy policy and the terms must be readable before signing in
  { name: 'article', path: patterns.article, metaId: 'article', status: 200, open: true, layout: 'site', bundle: 'site' },
  { name: 'workOrderInfo', path: patterns.workOrder, metaId: 'workOrder', status: 200, open: false, layout: 'console', bundle: 'console' },
  { name: 'reload', path: paths.reload, metaId: 'reload', status: 200, open: false, layout: 'console', bundle: 'console' },
];

export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: paths.home, to: paths.map },
  { from: paths.supertag, to: paths.workspaceHome },
  { from: paths.workspace, to: paths.workspaceHome },
];

/** The names of console-spec §2's open routes. */
export const OPEN_ROUTE_NAMES: readonly string[] = PAGE_ROUTES.filter((r) => r.open && r.name !== '404').map((r) => r.name);

const NOT_FOUND: PageRoute = { name: '404', path: '*', metaId: 'notFound', status: 404, open: true, layout: 'site', bundle: 'site' };
/** What the head of a signed-in user's menu route looks like before the menu is known. */
export const CONSOLE_ROUTE: PageRoute = { name: 'console', path: '*', metaId: 'console', status: 200, open: false, layout: 'console', bundle: 'console' };
export const NOT_FOUND_ROUTE = NOT_FOUND;

export type RouteResolution =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; route: PageRoute; status: 200 | 404 }
  | { kind: 'unknown'; route: PageRoute; status: 404 };

/**
 * Resolutions already made, per path: every link of a page asks (react-router compiles a pattern on each match), and
 * a render asks for the same few paths again. Bounded, since a path may come from any request.
 */
const resolved = new Map<string, RouteResolution>();
const RESOLVED_MAX = 1000;

/** Fixed routes only; matches like react-router does (case-insensitive, optional trailing slash). */
export function resolveRoute(pathname: string): RouteResolution {
  let resolution = resolved.get(pathname);
  if (!resolution) {
    if (resolved.size >= RESOLVED_MAX) resolved.clear();
    resolution = matchFixedRoutes(pathname);
    resolved.set(pathname, resolution);
  }
  return resolution;
}

function matchFixedRoutes(pathname: string): RouteResolution {
  for (const r of REDIRECTS) {
    if (matchPath({ path: r.from, end: true }, pathname)) return { kind: 'redirect', to: r.to };
  }
  for (const route of PAGE_ROUTES) {
    if (matchPath({ path: route.path, end: true }, pathname)) return { kind: 'page', route, status: route.status };
  }
  return { kind: 'unknown', route: NOT_FOUND, status: 404 };
}

/** The canonical form of a path: no trailing slash except for the root. */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Whether the page's client bundle renders `pathname` itself: the console bundle carries every route, the site bundle
 * its own fixed routes only. Anything else is loaded as a new document.
 */
export function bundleRenders(bundle: ClientBundle, pathname: string): boolean {
  if (bundle === 'console') return true;
  const resolved = resolveRoute(pathname);
  return resolved.kind === 'page' && resolved.route.bundle === bundle;
}
