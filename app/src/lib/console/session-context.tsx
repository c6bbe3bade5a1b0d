/**
 * The signed-in state every console piece needs, computed once: token presence (hydration-safe), whether it is the
 * visitor's, the current enterprise, the user (refreshed with GET /user/getUserInfo) and the menu routes (POST
 * /sysAuthorityMenusEnterprise/getMenu), fetched on first entry with a token (console-spec §2).
 */
import { createContext, use, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';

import { useApp } from '../app-context';
import { readRequestContext } from '../request/context';
import { browserStorage, isVisitorUser, storeUser, subscribeSession, useHasToken, useLoginDialogOpen, useToken } from '../session';
import type { SessionUser } from '../state';
import { useUserInfo } from './api/get-user-info';
import { useMenu } from './api/get-menu';
import { buildMenuRoutes, type MenuItem, type MenuRoutes } from './menu-routes';

export interface ConsoleSession {
  hasToken: boolean;
  token: string | null;
  visitor: boolean;
  user: SessionUser | null;
  enterpriseId: number | null;
  /** null while not loaded (always on the server and during hydration). */
  menus: MenuRoutes | null;
  menuItems: readonly MenuItem[] | null;
  menuError: boolean;
  loginDialogOpen: boolean;
}

const SessionContext = createContext<ConsoleSession | null>(null);

function readEnterpriseId(): number | null {
  return readRequestContext(browserStorage).entId;
}

export function useEnterpriseId(): number | null {
  return useSyncExternalStore(subscribeSession, readEnterpriseId, () => null);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { user, serverUser } = useApp();
  const hasToken = useHasToken(serverUser !== null);
  const token = useToken();
  const enterpriseId = useEnterpriseId();
  const loginDialogOpen = useLoginDialogOpen();
  const menuQuery = useMenu(token, enterpriseId);
  const userQuery = useUserInfo(token);

  // the fresh user replaces the stored one (name, roles, enterprise, appearance)
  useEffect(() => {
    if (userQuery.data) storeUser(userQuery.data);
  }, [userQuery.data]);

  const menuItems = useMemo(() => menuQuery.data ?? (menuQuery.isError ? [] : null), [menuQuery.data, menuQuery.isError]);
  const menus = useMemo(() => (menuItems === null ? null : buildMenuRoutes(menuItems)), [menuItems]);
  const value = useMemo<ConsoleSession>(
    () => ({
      hasToken,
      token,
      visitor: isVisitorUser(user),
      user,
      enterpriseId,
      menus: hasToken ? menus : null,
      menuItems: hasToken ? menuItems : null,
      menuError: menuQuery.isError,
      loginDialogOpen,
    }),
    [hasToken, token, user, enterpriseId, menus, menuItems, menuQuery.isError, loginDialogOpen],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): ConsoleSession {
  const ctx = use(SessionContext);
  if (!ctx) throw new Error('useSession() outside <SessionProvider>');
  return ctx;
}
