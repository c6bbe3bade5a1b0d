import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { Delivery } from '../types';
import { rulesKeys } from './keys';

/** POST /api/settingUrl/list {id} → the delivery attempts of that webhook, newest first, paged. */
export const getDeliveries = pageCall<{ id: number }, Delivery>('/settingUrl/list');

export function useDeliveries(params: { id: number } & Paging) {
  return usePageQuery(rulesKeys.deliveries, getDeliveries, params);
}
