import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Cluster } from '../types';
import { enterpriseKeys } from './keys';

export interface ClusterPayload {
  name: string;
  domain: string;
  logo: string;
  remark: string;
  supervisorEntId: number;
}

/** POST /api/web/cluster/save_cluster: creates a cluster (others than platform staff: supervised by their enterprise). */
export async function createCluster(payload: ClusterPayload): Promise<Cluster> {
  return unwrap(await api.post<Cluster>('/web/cluster/save_cluster', { ...payload }));
}

export function useCreateCluster() {
  return useApiMutation(createCluster, { invalidate: [enterpriseKeys.clusters, enterpriseKeys.toggle] });
}
