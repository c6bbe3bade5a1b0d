import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { DetailsQuery, OrderRow } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/details_list → OrderPage: the orders behind one statistics cell (`total` bounded like the list's). */
export const getDetails = pageCall<Omit<DetailsQuery, 'page' | 'pageSize'>, OrderRow>('/work/details_list');

export function useDetails(params: Omit<DetailsQuery, 'page' | 'pageSize'> & Paging) {
  return usePageQuery([...workKeys.statistics, 'get-details'], getDetails, params);
}
