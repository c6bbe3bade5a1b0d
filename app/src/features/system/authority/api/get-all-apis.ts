import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { SysApi } from '../../types';

export const allApisKey = ['system', 'allApis'] as const;

/** POST /api/api/getAllApis → {apis}. */
export async function getAllApis(signal?: AbortSignal): Promise<SysApi[]> {
  const data = unwrap(await api.post<{ apis?: SysApi[] | null } | null>('/api/getAllApis', {}, { signal }));
  return Array.isArray(data?.apis) ? data.apis : [];
}

export function useAllApis(enabled = true) {
  return useQuery({ queryKey: allApisKey, queryFn: ({ signal }) => getAllApis(signal), enabled });
}
