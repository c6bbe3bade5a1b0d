import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { SysApi } from '../../types';

export interface ApiListParams {
  page: number;
  pageSize: number;
  path?: string;
  description?: string;
  method?: string;
  apiGroup?: string;
}

export const apiListKey = ['system', 'apiList'] as const;

/** POST /api/api/getApiList → {list, total, page, pageSize}. */
export async function getApiList(params: ApiListParams, signal?: AbortSignal): Promise<PageResult<SysApi>> {
  return asPage(unwrap(await api.post<Partial<PageResult<SysApi>>>('/api/getApiList', { ...params }, { signal })));
}
