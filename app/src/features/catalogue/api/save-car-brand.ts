import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/carType/inUpCarBrands: creates (no id), updates or (`delete`) deletes a car brand → the brands. */
export const saveCarBrand = postCall<{ id?: number; name?: string; logo?: string; sort?: number; delete?: boolean }>('/web/carType/inUpCarBrands');

export function useSaveCarBrand() {
  return useApiMutation(saveCarBrand, { invalidate: [catalogueKeys.carBrands] });
}
