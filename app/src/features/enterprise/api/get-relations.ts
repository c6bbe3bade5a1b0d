import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { Relation } from '../types';

export interface RelationListParams {
  page: number;
  pageSize: number;
  entId?: number;
  type?: number;
  state?: number;
  direction?: 'granted' | 'received' | 'all';
}

/** POST /api/web/ent/relation_list → relations with a side the caller sees, newest first. */
export async function getRelations(params: RelationListParams, signal?: AbortSignal): Promise<PageResult<Relation>> {
  return asPage(unwrap(await api.post<Partial<PageResult<Relation>>>('/web/ent/relation_list', { ...params }, { signal })));
}
