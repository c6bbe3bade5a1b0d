import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { Enterprise } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/queryEnt {keyword, limit} → enterprises the caller sees whose name matches, for pickers. */
export async function queryEnterprises(keyword: string, limit = 20, signal?: AbortSignal): Promise<Enterprise[]> {
  const data = unwrap(await api.post<Enterprise[] | null>('/web/ent/queryEnt', { keyword, limit }, { signal, noLoading: true }));
  return Array.isArray(data) ? data : [];
}

export function useEnterpriseSearch(keyword: string, enabled = true) {
  return useQuery({
    queryKey: [...enterpriseKeys.lookups, 'query', keyword],
    queryFn: ({ signal }) => queryEnterprises(keyword, 20, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
