import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { CasbinInfo } from '@/lib/api-types';

export type PolicyPath = CasbinInfo;

export const policyPathsKey = (authorityId: number) => ['system', 'policyPaths', authorityId] as const;

/** POST /api/casbin/getPolicyPathByAuthorityId {authorityId} → {paths:[{path, method}]}. */
export async function getPolicyPaths(authorityId: number, signal?: AbortSignal): Promise<PolicyPath[]> {
  const data = unwrap(await api.post<{ paths?: PolicyPath[] | null } | null>('/casbin/getPolicyPathByAuthorityId', { authorityId }, { signal }));
  return Array.isArray(data?.paths) ? data.paths : [];
}

export function usePolicyPaths(authorityId: number) {
  return useQuery({ queryKey: policyPathsKey(authorityId), queryFn: ({ signal }) => getPolicyPaths(authorityId, signal) });
}
