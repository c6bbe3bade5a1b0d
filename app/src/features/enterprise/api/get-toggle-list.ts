import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { EnterpriseEntry } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/my_enterprise/toggleList (page 1, size 100: console-spec §9) → the caller's memberships. */
export async function getToggleList(signal?: AbortSignal): Promise<EnterpriseEntry[]> {
  const data = unwrap(await api.post<EnterpriseEntry[] | null>('/web/ent/my_enterprise/toggleList', { page: 1, limit: 100 }, { signal, noLoading: true }));
  return Array.isArray(data) ? data : [];
}

export function toggleListKey(token: string | null) {
  return [...enterpriseKeys.toggle, token] as const;
}

export function useToggleList(token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: toggleListKey(token),
    queryFn: ({ signal }) => getToggleList(signal),
    enabled: enabled && token !== null,
    staleTime: 5 * 60_000,
  });
}
