import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { Lang } from '@/lib/state';
import type { IdName } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/docking_list → the docking platforms (0 none … 10), named in the request's language. */
export async function getDockingList(signal?: AbortSignal): Promise<IdName[]> {
  const data = unwrap(await api.post<IdName[] | null>('/web/ent/docking_list', {}, { signal }));
  return Array.isArray(data) ? data : [];
}

export function useDockingList(lang: Lang) {
  return useQuery({ queryKey: [...enterpriseKeys.lookups, 'docking', lang], queryFn: ({ signal }) => getDockingList(signal), staleTime: 30 * 60_000 });
}
