/**
 * The caller's whole menu for browsing and searching (layout/aside, layout/search): every route the role has, hidden
 * ones too, as a tree; where an entry opens; and a text match on its titles (both languages), name, path and view
 * key. Pure.
 */
import type { MenuRoute, MenuRoutes } from '@/lib/console/menu-routes';

export interface MenuTreeNode {
  route: MenuRoute;
  children: MenuTreeNode[];
}

export function fullMenuTree(routes: MenuRoutes): MenuTreeNode[] {
  const nodes = new Map<string, MenuTreeNode>();
  const roots: MenuTreeNode[] = [];
  for (const route of routes.list) {
    const node: MenuTreeNode = { route, children: [] };
    nodes.set(route.name, node);
    const parent = route.parentName === null ? undefined : nodes.get(route.parentName);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Where an entry opens: a group its first page, a page its path; null when it needs parameters (a detail page). */
export function menuTarget(route: MenuRoute): string | null {
  if (route.isGroup) return route.firstChildPath;
  return route.path.includes(':') ? null : route.path;
}

export function menuMatches(route: MenuRoute, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return [route.title.zh, route.title.en, route.name, route.path, route.component].some((s) => s.toLowerCase().includes(q));
}

/** The nodes that match, or lead to one that does (with only those children). */
export function filterMenuTree(nodes: readonly MenuTreeNode[], query: string): MenuTreeNode[] {
  if (query.trim() === '') return [...nodes];
  return nodes.flatMap((n) => {
    const children = filterMenuTree(n.children, query);
    return menuMatches(n.route, query) || children.length > 0 ? [{ route: n.route, children }] : [];
  });
}

export function countNodes(nodes: readonly MenuTreeNode[]): number {
  return nodes.reduce((sum, n) => sum + 1 + countNodes(n.children), 0);
}
