import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { IdName } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/my_enterprise/role_lists {entId?} → the roles the caller may grant (`id` = authorityId). */
export async function getGrantableRoles(entId: number | null, signal?: AbortSignal): Promise<IdName[]> {
  const data = unwrap(await api.post<IdName[] | null>('/web/ent/my_enterprise/role_lists', entId === null ? {} : { entId }, { signal }));
  return Array.isArray(data) ? data : [];
}

export function useGrantableRoles(entId: number | null = null) {
  return useQuery({ queryKey: [...enterpriseKeys.lookups, 'roles', entId], queryFn: ({ signal }) => getGrantableRoles(entId, signal) });
}
