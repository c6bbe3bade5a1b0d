import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { Cluster } from '../types';

export interface ClusterListParams {
  page: number;
  pageSize: number;
  keyword?: string;
}

/** POST /api/web/cluster/list → clusters the caller sees (supervised by, or containing, a visible enterprise). */
export async function getClusters(params: ClusterListParams, signal?: AbortSignal): Promise<PageResult<Cluster>> {
  return asPage(unwrap(await api.post<Partial<PageResult<Cluster>>>('/web/cluster/list', { ...params }, { signal })));
}
