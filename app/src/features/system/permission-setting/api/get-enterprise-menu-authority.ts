import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { BaseMenu } from '../../types';

export interface EnterpriseMenuAuthority {
  /** The menus the role's members see in the enterprise. */
  ids: number[];
  /** Whether the enterprise narrowed the role (else `ids` is the role's own set). */
  narrowed: boolean;
}

/** POST /api/sysAuthorityMenusEnterprise/getMenuAuthority {authorityId, enterprise_id} → {menus (flat), narrowed}. */
export async function getEnterpriseMenuAuthority(authorityId: number, enterpriseId: number | null, signal?: AbortSignal): Promise<EnterpriseMenuAuthority> {
  const data = unwrap(
    await api.post<{ menus: BaseMenu[] | null; narrowed: boolean }>(
      '/sysAuthorityMenusEnterprise/getMenuAuthority',
      { authorityId, ...(enterpriseId === null ? {} : { enterprise_id: enterpriseId }) },
      { signal },
    ),
  );
  return { ids: (data.menus ?? []).map((m) => m.ID), narrowed: data.narrowed };
}

export function useEnterpriseMenuAuthority(authorityId: number, enterpriseId: number | null) {
  return useQuery({
    queryKey: ['system', 'entMenuAuthority', authorityId, enterpriseId],
    queryFn: ({ signal }) => getEnterpriseMenuAuthority(authorityId, enterpriseId, signal),
  });
}
