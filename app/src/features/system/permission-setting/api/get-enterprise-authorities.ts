import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { Authority } from '../../types';

/** A role as the enterprise sees it: how many of its members hold it, and whether the enterprise narrowed its menus. */
export interface EnterpriseRole extends Authority {
  parentId: number;
  members: number;
  narrowed: boolean;
  /** How many menus the role's members see in this enterprise. */
  menuCount: number;
}

export const enterpriseAuthoritiesKey = ['system', 'entAuthorities'] as const;

/** POST /api/sysAuthorityMenusEnterprise/getAuthorityList {enterprise_id} → the roles, flat, with members and narrowing. */
export async function getEnterpriseAuthorities(enterpriseId: number | null, signal?: AbortSignal): Promise<EnterpriseRole[]> {
  const data = unwrap(await api.post<EnterpriseRole[] | null>('/sysAuthorityMenusEnterprise/getAuthorityList', enterpriseId === null ? {} : { enterprise_id: enterpriseId }, { signal }));
  return Array.isArray(data) ? data : [];
}

export function useEnterpriseAuthorities(enterpriseId: number | null) {
  return useQuery({ queryKey: [...enterpriseAuthoritiesKey, enterpriseId], queryFn: ({ signal }) => getEnterpriseAuthorities(enterpriseId, signal) });
}
