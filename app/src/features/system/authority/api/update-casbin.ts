import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { PolicyPath } from './get-policy-paths';

/** POST /api/casbin/updateCasbin {authorityId, casbinInfos}: replaces the role's whole API policy set. */
export async function updateCasbin(payload: { authorityId: number; casbinInfos: PolicyPath[] }): Promise<unknown> {
  return unwrap(await api.post('/casbin/updateCasbin', { ...payload }));
}

export function useUpdateCasbin() {
  return useApiMutation(updateCasbin, { invalidate: [['system', 'policyPaths']] });
}
