import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { Enterprise } from '../types';

export interface ClusterEnterpriseParams {
  colonyId: number;
  page: number;
  pageSize: number;
  keyword?: string;
}

/** POST /api/web/cluster/list_ent → the enterprises of a cluster the caller sees, paged. */
export async function getClusterEnterprises(params: ClusterEnterpriseParams, signal?: AbortSignal): Promise<PageResult<Enterprise>> {
  return asPage(unwrap(await api.post<Partial<PageResult<Enterprise>>>('/web/cluster/list_ent', { ...params }, { signal })));
}
