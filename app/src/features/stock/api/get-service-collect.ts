import { postCall, useCallQuery } from '@/lib/calls';
import type { ServiceCollectAnswer, ServiceGroupBy } from '../types';
import { stockKeys } from './keys';

export interface ServiceCollectParams {
  groupBy: ServiceGroupBy;
  from?: string;
  to?: string;
}

/** POST /api/web/service/serviceListCollect {groupBy, from?, to?} → {rows: [{key, name, count, quantity, labourCost, partsCost, cost}], total}. */
export const getServiceCollect = postCall<ServiceCollectParams, ServiceCollectAnswer>('/web/service/serviceListCollect');

export function useServiceCollect(params: ServiceCollectParams) {
  return useCallQuery([...stockKeys.services, 'collect'], getServiceCollect, params);
}
