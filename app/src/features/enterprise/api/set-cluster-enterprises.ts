import { unwrap, useApiMutation } from '../../../lib/query';
import { api } from '../../../lib/request';
import type { Cluster } from '../types';
import { enterpriseKeys } from './keys';

export interface ClusterMembership {
  colonyId: number;
  entIds: number[];
  /** Take them out instead. */
  remove?: boolean;
}

/** POST /api/web/cluster/add_ent {colonyId, entIds, remove?}: adds enterprises to (or takes them out of) a cluster. */
export async function setClusterEnterprises(payload: ClusterMembership): Promise<Cluster> {
  return unwrap(await api.post<Cluster>('/web/cluster/add_ent', { ...payload }));
}

export function useSetClusterEnterprises() {
  return useApiMutation(setClusterEnterprises, { invalidate: [enterpriseKeys.clusters, enterpriseKeys.list] });
}
