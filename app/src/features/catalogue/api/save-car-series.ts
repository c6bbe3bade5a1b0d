import { postCall } from '../../../lib/calls';
import { useApiMutation } from '../../../lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/carType/inUpCarSeries: creates (no id) or updates a series of a brand. */
export const saveCarSeries = postCall<{ id?: number; brandId: number; name: string; sort?: number }>('/web/carType/inUpCarSeries');

export function useSaveCarSeries() {
  return useApiMutation(saveCarSeries, { invalidate: [catalogueKeys.carSeries] });
}
