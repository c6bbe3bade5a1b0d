import { postCall, useCallQuery } from '@/lib/calls';
import type { CollectQuery, ServiceSummary } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/service/serviceListCollect {groupBy, from?, to?} → {rows: [{key, name, count, quantity, labourCost, partsCost, cost}], total}. */
export const getServiceCollect = postCall<CollectQuery, ServiceSummary>('/web/service/serviceListCollect');

export function useServiceCollect(params: CollectQuery) {
  return useCallQuery([...stockKeys.services, 'collect'], getServiceCollect, params);
}
