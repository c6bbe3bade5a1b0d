import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { ListQuery, OrderRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/list → PageResult<OrderRow>: the orders in scope, newest first, with the list filters. */
export const getOrders = pageCall<Omit<ListQuery, 'page' | 'pageSize'>, OrderRow>('/work/list');

export function useOrders(params: Omit<ListQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.orders, 'get-orders'], getOrders, params);
}
