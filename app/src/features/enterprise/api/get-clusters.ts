import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { asPage, unwrap, type PageResult } from '../../../lib/query';
import { api } from '../../../lib/request';
import type { Cluster } from '../types';
import { enterpriseKeys } from './keys';

export interface ClusterListParams {
  page: number;
  pageSize: number;
  keyword?: string;
}

/** POST /api/web/cluster/list → clusters the caller sees (supervised by, or containing, a visible enterprise). */
export async function getClusters(params: ClusterListParams, signal?: AbortSignal): Promise<PageResult<Cluster>> {
  return asPage(unwrap(await api.post<Partial<PageResult<Cluster>>>('/web/cluster/list', { ...params }, { signal })));
}

export function useClusters(params: ClusterListParams) {
  return useQuery({
    queryKey: [...enterpriseKeys.clusters, 'list', params],
    queryFn: ({ signal }) => getClusters(params, signal),
    placeholderData: keepPreviousData,
  });
}
