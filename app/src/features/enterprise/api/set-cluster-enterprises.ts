import { unwrap, useApiMutation } from '@/lib/query';
import { api } from '@/lib/request';
import type { Cluster } from '../types';
import { enterpriseKeys } from './keys';
import type { AddEntRequest } from '@/lib/api-types';

export type ClusterMembership = AddEntRequest;

/** POST /api/web/cluster/add_ent {colonyId, entIds, remove?}: adds enterprises to (or takes them out of) a cluster. */
export async function setClusterEnterprises(payload: ClusterMembership): Promise<Cluster> {
  return unwrap(await api.post<Cluster>('/web/cluster/add_ent', { ...payload }));
}

export function useSetClusterEnterprises() {
  return useApiMutation(setClusterEnterprises, { invalidate: [enterpriseKeys.clusters, enterpriseKeys.list] });
}
