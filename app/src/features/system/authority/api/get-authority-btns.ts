import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';

export const authorityBtnsKey = (authorityId: number, menuID: number) => ['system', 'authorityBtns', authorityId, menuID] as const;

/** POST /api/authorityBtn/getAuthorityBtn {menuID, authorityId} → {selected:[btnId]} (null when none). */
export async function getAuthorityBtns(authorityId: number, menuID: number, signal?: AbortSignal): Promise<number[]> {
  const data = unwrap(await api.post<{ selected?: number[] | null } | null>('/authorityBtn/getAuthorityBtn', { menuID, authorityId }, { signal }));
  return Array.isArray(data?.selected) ? data.selected : [];
}

export function useAuthorityBtns(authorityId: number, menuID: number | null) {
  return useQuery({
    queryKey: authorityBtnsKey(authorityId, menuID ?? 0),
    queryFn: ({ signal }) => getAuthorityBtns(authorityId, menuID ?? 0, signal),
    enabled: menuID !== null,
  });
}
