/**
 * Menu-driven routes (console-spec §2; docs/menu-tree.md): the server's menu tree becomes a flat route table mounted
 * under the root layout. Pure functions, no React.
 */
import { matchPath } from 'react-router';

import type { Lang } from '../state';

/** One entry of `POST /api/sysAuthorityMenusEnterprise/getMenu` → `{menus: MenuItem[]}`. */
export interface MenuItem {
  ID?: number;
  name: string;
  path: string;
  component?: string;
  sort?: number;
  parentId?: number;
  hidden?: boolean;
  keepAlive?: boolean;
  closeTab?: boolean;
  meta?: {
    title?: string;
    titleEn?: string;
    icon?: string;
    keepAlive?: boolean;
    closeTab?: boolean;
    hidden?: boolean;
    activeName?: string;
  } | null;
  /** Button name → authorityId; null when the role may use none, absent when the server does not say. */
  btns?: Record<string, number> | null;
  children?: MenuItem[] | null;
}

export interface MenuRoute {
  name: string;
  /** Full pattern: the parents' segments joined, e.g. `/superAdmin/userDetail/:id`. */
  path: string;
  /** Normalised `<group>/<view>` key (see normalizeComponentKey). */
  component: string;
  title: { zh: string; en: string };
  icon: string;
  /** Hidden in the side menu (itself or through an ancestor); still routed. */
  hidden: boolean;
  keepAlive: boolean;
  closeTab: boolean;
  btns: Record<string, number> | null | undefined;
  /** The visible menu to highlight while this (hidden) route is open. */
  activeName: string | null;
  parentName: string | null;
  /** A parent with children: visiting it goes to its first routable child. */
  isGroup: boolean;
  firstChildPath: string | null;
}

export interface MenuRoutes {
  list: readonly MenuRoute[];
  byName: ReadonlyMap<string, MenuRoute>;
}

/** Pass-through parents: they only hold child routes. */
export const PASS_THROUGH_COMPONENTS: readonly string[] = ['layout/routerHolder', 'routerHolder'];

/**
 * `view/superAdmin/user/user.vue`, `/superAdmin/user`, `superAdmin/user.tsx` → `superAdmin/user`. A trailing segment
 * repeating its folder is dropped (the Vue family's `<group>/<view>/<view>.vue`).
 */
export function normalizeComponentKey(raw: string | undefined | null): string {
  if (!raw) return '';
  const cleaned = raw
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\/+/, '')
    .replace(/^(?:src\/)?views?\//, '')
    .replace(/\.(?:vue|tsx?|jsx?)$/, '');
  const parts = cleaned.split('/').filter(Boolean);
  if (parts.length >= 3 && parts[parts.length - 1] === parts[parts.length - 2]) parts.pop();
  return parts.join('/');
}

function joinPath(parent: string, segment: string): string {
  if (segment.startsWith('/')) return segment.replace(/\/+$/, '') || '/';
  const base = parent === '/' ? '' : parent;
  return `${base}/${segment.replace(/^\/+|\/+$/g, '')}`;
}

function bool(...values: (boolean | undefined | null)[]): boolean {
  return values.some((v) => v === true);
}

export function buildMenuRoutes(menus: readonly MenuItem[] | null | undefined): MenuRoutes {
  const list: MenuRoute[] = [];
  const walk = (items: readonly MenuItem[], parentPath: string, parent: MenuRoute | null, parentHidden: boolean) => {
    const sorted = [...items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
    for (const item of sorted) {
      if (typeof item.name !== 'string' || typeof item.path !== 'string') continue;
      if (/^https?:\/\//i.test(item.path)) continue; // external links are not routes
      const path = joinPath(parentPath, item.path);
      const meta = item.meta ?? {};
      const children = (item.children ?? []).filter((c) => typeof c.path === 'string' && !/^https?:\/\//i.test(c.path));
      const hidden = parentHidden || bool(item.hidden, meta.hidden);
      const title = meta.title ?? item.name;
      const route: MenuRoute = {
        name: item.name,
        path,
        component: normalizeComponentKey(item.component),
        title: { zh: title, en: meta.titleEn ?? title },
        icon: meta.icon ?? '',
        hidden,
        keepAlive: bool(item.keepAlive, meta.keepAlive),
        closeTab: bool(item.closeTab, meta.closeTab),
        btns: item.btns,
        activeName: meta.activeName ?? null,
        parentName: parent?.name ?? null,
        isGroup: children.length > 0,
        firstChildPath: null,
      };
      list.push(route);
      if (children.length > 0) walk(children, path, route, hidden);
    }
  };
  walk(menus ?? [], '/', null, false);
  const byName = new Map(list.map((r) => [r.name, r]));
  // a group goes to its first child that is a page (depth first), preferring visible ones
  const firstLeaf = (group: MenuRoute, visibleOnly: boolean): MenuRoute | null => {
    for (const r of list) {
      if (r.parentName !== group.name || (visibleOnly && r.hidden) || r.path.includes(':')) continue;
      if (!r.isGroup) return r;
      const deeper = firstLeaf(r, visibleOnly);
      if (deeper) return deeper;
    }
    return null;
  };
  for (const r of list) {
    if (r.isGroup) r.firstChildPath = (firstLeaf(r, true) ?? firstLeaf(r, false))?.path ?? null;
  }
  return { list, byName };
}

export interface MenuMatch {
  route: MenuRoute;
  params: Record<string, string>;
  pathname: string;
}

/** The menu route of a pathname: static routes before parameterised ones; case-insensitive. */
export function matchMenuRoute(routes: MenuRoutes, pathname: string): MenuMatch | null {
  const ordered = [...routes.list].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
  for (const route of ordered) {
    const m = matchPath({ path: route.path, end: true, caseSensitive: false }, pathname);
    if (m) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(m.params)) if (typeof v === 'string') params[k] = v;
      return { route, params, pathname: m.pathname };
    }
  }
  return null;
}

/** The path of a named menu route (console-spec §2: an unknown route name goes to map). */
export function pathOfName(routes: MenuRoutes | null, name: string, fallback: string): string {
  const r = routes?.byName.get(name);
  if (!r || r.path.includes(':')) return fallback;
  return r.isGroup ? (r.firstChildPath ?? fallback) : r.path;
}

export function menuTitle(route: MenuRoute, lang: Lang): string {
  return lang === 'en' ? route.title.en : route.title.zh;
}

/**
 * Top-level groups of the seeded menu tree (docs/menu-tree.md). Without a token these are known console paths, so
 * they go to /map (console-spec §2) instead of answering 404 like a truly unknown path.
 */
export const SEEDED_MENU_ROOTS: readonly string[] = [
  'home',
  'colony',
  'dataManage',
  'equipmentManage',
  'project',
  'person',
  'superAdmin',
  'superTag',
  'locusModule',
  'mapComponents',
  'layout',
  'error',
];

export function isSeededMenuPath(pathname: string): boolean {
  const first = pathname.split('/').find((s) => s !== '')?.toLowerCase();
  return first !== undefined && SEEDED_MENU_ROOTS.some((r) => r.toLowerCase() === first);
}

/** The side menu: visible entries only, as a tree. */
export interface SideMenuNode {
  route: MenuRoute;
  children: SideMenuNode[];
}

export function sideMenuTree(routes: MenuRoutes): SideMenuNode[] {
  const nodes = new Map<string, SideMenuNode>();
  const roots: SideMenuNode[] = [];
  for (const r of routes.list) {
    if (r.hidden) continue;
    const node: SideMenuNode = { route: r, children: [] };
    nodes.set(r.name, node);
    const parent = r.parentName ? nodes.get(r.parentName) : undefined;
    if (parent) parent.children.push(node);
    else if (r.parentName === null) roots.push(node);
  }
  // groups whose children are all hidden act as plain entries if they have a target, else they are dropped
  const prune = (list: SideMenuNode[]): SideMenuNode[] =>
    list
      .map((n) => ({ ...n, children: prune(n.children) }))
      .filter((n) => !n.route.isGroup || n.children.length > 0 || n.route.firstChildPath !== null);
  return prune(roots);
}

/** The concrete path of a named menu route with its parameters filled in, or null when the role lacks it. */
export function menuPathFor(routes: MenuRoutes | null, name: string, params: Record<string, string | number> = {}): string | null {
  const r = routes?.byName.get(name);
  if (!r) return null;
  const keys = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  if (keys.some((k) => params[k] === undefined)) return null;
  return r.path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
}
