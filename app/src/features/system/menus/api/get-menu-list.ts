import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { BaseMenu } from '../../types';

export const menuListKey = ['system', 'menuList'] as const;

/** POST /api/menu/getMenuList → an array: every base menu as a tree (older servers: a page). */
export async function getMenuList(signal?: AbortSignal): Promise<BaseMenu[]> {
  const data = unwrap(await api.post<BaseMenu[] | { list?: BaseMenu[] } | null>('/menu/getMenuList', {}, { signal }));
  if (Array.isArray(data)) return data;
  return Array.isArray(data?.list) ? data.list : [];
}

export function useMenuList() {
  return useQuery({ queryKey: menuListKey, queryFn: ({ signal }) => getMenuList(signal) });
}
