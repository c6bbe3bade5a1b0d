import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { EnterpriseNode } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/ent/my_enterprise/entListNew {entId?} → the tree below entId, or every visible enterprise as a forest. */
export async function getEnterpriseTree(entId: number | null, signal?: AbortSignal): Promise<EnterpriseNode[]> {
  const data = unwrap(await api.post<EnterpriseNode[] | null>('/web/ent/my_enterprise/entListNew', entId === null ? {} : { entId }, { signal }));
  return Array.isArray(data) ? data : [];
}

export function useEnterpriseTree(entId: number | null = null, enabled = true) {
  return useQuery({ queryKey: [...enterpriseKeys.tree, entId], queryFn: ({ signal }) => getEnterpriseTree(entId, signal), enabled });
}
