import { useQuery } from '@tanstack/react-query';

import { unwrap } from '@/lib/query';
import { api } from '@/lib/request';
import type { ClusterDetail } from '../types';
import { enterpriseKeys } from './keys';

/** POST /api/web/cluster/colonyInfo {colonyId} → one cluster with the enterprises of it the caller sees. */
export async function getCluster(colonyId: number, signal?: AbortSignal): Promise<ClusterDetail> {
  return unwrap(await api.post<ClusterDetail>('/web/cluster/colonyInfo', { colonyId }, { signal }));
}

export function useCluster(colonyId: number) {
  return useQuery({ queryKey: [...enterpriseKeys.clusters, 'one', colonyId], queryFn: ({ signal }) => getCluster(colonyId, signal), enabled: colonyId > 0 });
}
