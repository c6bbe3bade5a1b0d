import { useQuery } from '@tanstack/react-query';

import { unwrap } from '../../../../lib/query';
import { api } from '../../../../lib/request';
import type { Authority } from '../../types';

/** POST /api/sysAuthorityMenusEnterprise/getAuthorityList {enterprise_id}: the roles of the current enterprise. */
export async function getEnterpriseAuthorities(enterpriseId: number | null, signal?: AbortSignal): Promise<Authority[]> {
  const data = unwrap(
    await api.post<Authority[] | { list?: Authority[] } | null>('/sysAuthorityMenusEnterprise/getAuthorityList', enterpriseId === null ? {} : { enterprise_id: enterpriseId }, { signal }),
  );
  if (Array.isArray(data)) return data;
  return Array.isArray(data?.list) ? data.list : [];
}

export function useEnterpriseAuthorities(enterpriseId: number | null) {
  return useQuery({ queryKey: ['system', 'entAuthorities', enterpriseId], queryFn: ({ signal }) => getEnterpriseAuthorities(enterpriseId, signal) });
}
