import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/carType/inUpCarSeries: creates (no id), updates or (`delete`) deletes a series of a brand → the brand's series. */
export const saveCarSeries = postCall<{ id?: number; brandId?: number; name?: string; sort?: number; delete?: boolean }>('/web/carType/inUpCarSeries');

export function useSaveCarSeries() {
  return useApiMutation(saveCarSeries, { invalidate: [catalogueKeys.carSeries, catalogueKeys.carBrands] });
}
