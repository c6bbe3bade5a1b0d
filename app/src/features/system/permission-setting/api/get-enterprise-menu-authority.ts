import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { BaseMenu } from '../../types';

/**
 * POST /api/sysAuthorityMenusEnterprise/getMenuAuthority {authorityId, enterprise_id} → {menus (flat), narrowed}: the
 * menus the role sees in the enterprise (its own set when the enterprise does not narrow it).
 */
export async function getEnterpriseMenuAuthority(authorityId: number, enterpriseId: number | null, signal?: AbortSignal): Promise<number[]> {
  const data = unwrap(
    await api.post<{ menus?: BaseMenu[] | null; narrowed?: boolean } | null>(
      '/sysAuthorityMenusEnterprise/getMenuAuthority',
      { authorityId, ...(enterpriseId === null ? {} : { enterprise_id: enterpriseId }) },
      { signal },
    ),
  );
  return (data?.menus ?? []).map((m) => m.ID);
}

export function useEnterpriseMenuAuthority(authorityId: number, enterpriseId: number | null) {
  return useQuery({
    queryKey: ['system', 'entMenuAuthority', authorityId, enterpriseId],
    queryFn: ({ signal }) => getEnterpriseMenuAuthority(authorityId, enterpriseId, signal),
  });
}
