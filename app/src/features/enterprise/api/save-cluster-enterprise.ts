import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Enterprise, EnterprisePayload } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/cluster/save_ent {colonyId, …}: creates (or edits) an enterprise and puts it into the cluster. */
export async function saveClusterEnterprise(payload: EnterprisePayload & { colonyId: number }): Promise<Enterprise> {
  return unwrap(await api.post<Enterprise>('/web/cluster/save_ent', { ...payload }));
}

export function useSaveClusterEnterprise() {
  return useApiMutation(saveClusterEnterprise, { invalidate: [enterpriseKeys.all] });
}
