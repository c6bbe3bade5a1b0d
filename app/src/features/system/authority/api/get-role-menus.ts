import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { BaseMenu } from '../../types';

export const roleMenusKey = (authorityId: number) => ['system', 'roleMenus', authorityId] as const;

/** Every menu of a tree, flattened. */
export function menuIds(menus: readonly BaseMenu[]): number[] {
  return menus.flatMap((m) => [m.ID, ...menuIds(m.children ?? [])]);
}

/**
 * GET /api/sysAuthorityMenusEnterprise/getBaseMenuTree?authorityId → {menus}: the role's own menus (with ancestors).
 * The catalogue has no /menu/getMenuAuthority; this is how a role's current menu set is read.
 */
export async function getRoleMenus(authorityId: number, signal?: AbortSignal): Promise<BaseMenu[]> {
  const data = unwrap(await api.get<{ menus?: BaseMenu[] | null } | null>('/sysAuthorityMenusEnterprise/getBaseMenuTree', { authorityId }, { signal }));
  return Array.isArray(data?.menus) ? data.menus : [];
}

export function useRoleMenus(authorityId: number) {
  return useQuery({ queryKey: roleMenusKey(authorityId), queryFn: ({ signal }) => getRoleMenus(authorityId, signal) });
}
