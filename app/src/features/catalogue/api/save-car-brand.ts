import { postCall } from '../../../lib/calls';
import { useApiMutation } from '../../../lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/carType/inUpCarBrands: creates (no id) or updates a car brand. */
export const saveCarBrand = postCall<{ id?: number; name: string; logo?: string; sort?: number }>('/web/carType/inUpCarBrands');

export function useSaveCarBrand() {
  return useApiMutation(saveCarBrand, { invalidate: [catalogueKeys.carBrands] });
}
