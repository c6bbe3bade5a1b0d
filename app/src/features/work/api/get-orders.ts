import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { ListQuery, OrderRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/list → OrderPage: the orders in scope, newest first, with the list filters; `total` stops at 10,000 past the page (`totalCapped`). */
export const getOrders = pageCall<Omit<ListQuery, 'page' | 'pageSize'>, OrderRow>('/work/list');

export function useOrders(params: Omit<ListQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.orders, 'get-orders'], getOrders, params);
}
