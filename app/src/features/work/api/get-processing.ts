import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { OrderRow, PageQuery } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/processing → PageResult<OrderRow>: orders waiting on the caller (assigned and open; requested and resolved). */
export const getProcessing = pageCall<Omit<PageQuery, 'page' | 'pageSize'>, OrderRow>('/work/processing');

export function useProcessing(params: Omit<PageQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.orders, 'get-processing'], getProcessing, params);
}
