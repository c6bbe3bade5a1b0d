/**
 * The route table without components: used by the QuickJS entry (status, redirect, head) and by the browser (document
 * title after client-side navigation). `app.tsx` maps the same paths to page components.
 */
import { matchPath } from 'react-router';

import { paths } from './paths';

export type MetaId = 'map' | 'solution' | 'about' | 'login' | 'notFound';

export interface PageRoute {
  path: string;
  metaId: MetaId;
  status: 200 | 404;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: paths.map, metaId: 'map', status: 200 },
  { path: paths.solution, metaId: 'solution', status: 200 },
  { path: paths.about, metaId: 'about', status: 200 },
  { path: paths.login, metaId: 'login', status: 200 },
  { path: paths.notFound, metaId: 'notFound', status: 404 },
];

export const REDIRECTS: readonly { from: string; to: string }[] = [{ from: paths.home, to: paths.map }];

const NOT_FOUND: PageRoute = { path: '*', metaId: 'notFound', status: 404 };

export type RouteResolution =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; route: PageRoute; status: 200 | 404 };

/** Matches like react-router does (case-insensitive, optional trailing slash). */
export function resolveRoute(pathname: string): RouteResolution {
  for (const r of REDIRECTS) {
    if (matchPath({ path: r.from, end: true }, pathname)) return { kind: 'redirect', to: r.to };
  }
  for (const route of PAGE_ROUTES) {
    if (matchPath({ path: route.path, end: true }, pathname)) return { kind: 'page', route, status: route.status };
  }
  return { kind: 'page', route: NOT_FOUND, status: 404 };
}

/** The canonical form of a path: no trailing slash except for the root. */
export function canonicalPath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
