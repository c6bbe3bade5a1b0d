import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { BaseMenu } from '../../types';

export const baseMenuTreeKey = ['system', 'baseMenuTree'] as const;

/** POST /api/menu/getBaseMenuTree → {menus}: every menu, for assigning them to roles. */
export async function getBaseMenuTree(signal?: AbortSignal): Promise<BaseMenu[]> {
  const data = unwrap(await api.post<{ menus?: BaseMenu[] | null } | null>('/menu/getBaseMenuTree', {}, { signal }));
  return Array.isArray(data?.menus) ? data.menus : [];
}

export function useBaseMenuTree(enabled = true) {
  return useQuery({ queryKey: baseMenuTreeKey, queryFn: ({ signal }) => getBaseMenuTree(signal), enabled });
}
