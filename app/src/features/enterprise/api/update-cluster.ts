import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Cluster } from '../types';
import { enterpriseKeys } from './keys';
import type { ClusterPayload } from './save-cluster';

/** POST /api/web/cluster/updateColony {clusterId, …}: edits a cluster (platform staff and the supervisor's members). */
export async function updateCluster(payload: ClusterPayload & { clusterId: number }): Promise<Cluster> {
  return unwrap(await api.post<Cluster>('/web/cluster/updateColony', { ...payload }));
}

export function useUpdateCluster() {
  return useApiMutation(updateCluster, { invalidate: [enterpriseKeys.clusters] });
}
