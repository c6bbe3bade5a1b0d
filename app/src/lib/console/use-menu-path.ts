import { menuPathFor } from './menu-routes';
import { useSession } from './session-context';

/** `useMenuPath()('userDetail', {id: 5})` → `/superAdmin/userDetail/5`, or null when the role has no such menu. */
export function useMenuPath(): (name: string, params?: Record<string, string | number>) => string | null {
  const { menus } = useSession();
  return (name, params) => menuPathFor(menus, name, params);
}
