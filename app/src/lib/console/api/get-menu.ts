import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../query';
import { api } from '../../request';
import type { MenuItem } from '../menu-routes';

/** POST /api/sysAuthorityMenusEnterprise/getMenu {enterprise_id} → {menus}: the tree routes are built from. */
export async function getMenu(enterpriseId: number | null, signal?: AbortSignal): Promise<MenuItem[]> {
  const data = unwrap(
    await api.post<{ menus: MenuItem[] | null } | null>('/sysAuthorityMenusEnterprise/getMenu', enterpriseId === null ? {} : { enterprise_id: enterpriseId }, { signal }),
  );
  return Array.isArray(data?.menus) ? data.menus : [];
}

export function menuQueryKey(token: string | null, enterpriseId: number | null) {
  return ['menus', token, enterpriseId] as const;
}

/** Loaded on first entry with a token (console-spec §2); a failed load falls back to no menu routes (§8). */
export function useMenu(token: string | null, enterpriseId: number | null) {
  return useQuery({
    queryKey: menuQueryKey(token, enterpriseId),
    queryFn: ({ signal }) => getMenu(enterpriseId, signal),
    enabled: token !== null,
    staleTime: 10 * 60_000,
  });
}
