import { asPage, unwrap, type PageResult } from '@/lib/query';
import { api } from '@/lib/request';
import type { CategoryKind, WorkCategory } from '../types';

export interface CategoryListParams {
  kind: CategoryKind;
  page: number;
  pageSize: number;
  keyword?: string;
}

/**
 * POST /api/work/category_list → the acting enterprise's problem types or modules, by sort then id. Without problem
 * types of its own an enterprise gets the built-in "bug" type (id 0).
 */
export async function getCategories(params: CategoryListParams, signal?: AbortSignal): Promise<PageResult<WorkCategory>> {
  return asPage(unwrap(await api.post<Partial<PageResult<WorkCategory>>>('/work/category_list', { ...params }, { signal })));
}
