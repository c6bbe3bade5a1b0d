import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { OrderRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/processing → PageResult<OrderRow>: orders waiting on the caller (assigned and open; requested and resolved). */
export const getProcessing = pageCall<Record<string, never>, OrderRow>('/work/processing');

export function useProcessing(params: Record<string, never> & Paging) {
  return usePageQuery([...workKeys.orders, 'get-processing'], getProcessing, params);
}
