import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { Authority } from '../../types';

export const authoritiesKey = ['system', 'authorities'] as const;

/** POST /api/authority/getAuthorityList → an array of role trees (older servers: a page of them). */
export async function getAuthorities(signal?: AbortSignal): Promise<Authority[]> {
  const data = unwrap(await api.post<Authority[] | { list?: Authority[] } | null>('/authority/getAuthorityList', {}, { signal }));
  if (Array.isArray(data)) return data;
  return Array.isArray(data?.list) ? data.list : [];
}

export function useAuthorities(enabled = true) {
  return useQuery({ queryKey: authoritiesKey, queryFn: ({ signal }) => getAuthorities(signal), enabled, staleTime: 60_000 });
}
