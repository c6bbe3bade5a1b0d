import { buttonAllowed } from './menu-route-context';
import { menuPathFor } from './menu-routes';
import { useSession } from './session-context';

/** `useMenuPath()('userDetail', {id: 5})` → `/superAdmin/userDetail/5`, or null when the role has no such menu. */
export function useMenuPath(): (name: string, params?: Record<string, string | number>) => string | null {
  const { menus } = useSession();
  return (name, params) => menuPathFor(menus, name, params);
}

/**
 * `useMenuButtons()('tyreMileage')`: the buttons the role may use on another menu's view, as `useButtons` tells a view
 * its own (`can('edit')`), or null when the role has no such menu (or the menu is not loaded yet). For an action that
 * leads to another view and should show only where that view would allow it.
 */
export function useMenuButtons(): (menu: string) => ((button: string) => boolean) | null {
  const { menus } = useSession();
  return (menu) => {
    const route = menus?.byName.get(menu);
    return route ? (button) => buttonAllowed(route, button) : null;
  };
}
