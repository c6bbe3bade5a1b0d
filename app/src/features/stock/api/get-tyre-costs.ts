import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { TyreCost, TyreCostParams } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/tyre/mileage {groupBy?, from?, to?, brandId?, state?} → PageResult<TyreCost>: km, cost and cost per km by tyre, brand or model. */
export const getTyreCosts = pageCall<TyreCostParams, TyreCost>('/web/drp/tyre/mileage');

export function useTyreCosts(params: TyreCostParams & Paging) {
  return usePageQuery(stockKeys.tyreCosts, getTyreCosts, params);
}
