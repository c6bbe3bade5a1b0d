/** The menu route a view was opened from: its parameters and its button permissions (menu `btns`). */
import { createContext, use } from 'react';

import type { MenuRoute } from './menu-routes';

export interface MenuRouteContextValue {
  route: MenuRoute | null;
  params: Record<string, string>;
}

export const MenuRouteContext = createContext<MenuRouteContextValue>({ route: null, params: {} });

export function useMenuRoute(): MenuRouteContextValue {
  return use(MenuRouteContext);
}

/**
 * `can('add')`: whether the role may use a button of this view. The menu's `btns` map lists them; `null` means none;
 * a view opened outside a menu (e.g. /permissionSetting) or a server that does not say allows all.
 */
export function useButtons(): (name: string) => boolean {
  const { route } = useMenuRoute();
  return (name) => buttonAllowed(route, name);
}

/** Whether a menu route's `btns` allow a button (`null` route: a view outside the menu, which allows all). */
export function buttonAllowed(route: Pick<MenuRoute, 'btns'> | null, name: string): boolean {
  const btns = route?.btns;
  if (btns === undefined || route === null) return true;
  if (btns === null) return false;
  return Object.prototype.hasOwnProperty.call(btns, name);
}
