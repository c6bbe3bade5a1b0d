import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { Enterprise } from '../types';

export interface EnterpriseListParams {
  page: number;
  pageSize: number;
  keyword?: string;
  type?: number;
  verifyState?: number;
  parentId?: number;
  colonyId?: number;
}

/** POST /api/web/ent/my_enterprise/lists → the enterprises the caller sees, paged, with their ancestors. */
export async function getEnterprises(params: EnterpriseListParams, signal?: AbortSignal): Promise<PageResult<Enterprise>> {
  return asPage(unwrap(await api.post<Partial<PageResult<Enterprise>>>('/web/ent/my_enterprise/lists', { ...params }, { signal })));
}
