import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { MileageListRequest, MileageRow } from '@/lib/api-types';
import { tracksKey } from './keys';

/** POST /api/web/car/data_mileage_list → a page of MileageRow (km per vehicle over the range) with the totals. */
export const getMileageList = pageCall<MileageListRequest, MileageRow>('/web/car/data_mileage_list', { noSupersede: true });

export const mileageListKey = [...tracksKey, 'mileage-list'] as const;

export function useMileageList(params: MileageListRequest & Paging) {
  return usePageQuery(mileageListKey, getMileageList, params);
}
