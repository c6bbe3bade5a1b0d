import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/tyre/inUpTyreBrands: creates (no id) or updates a tyre brand. */
export const saveTyreBrand = postCall<{ id?: number; name: string; logo?: string; sort?: number }>('/web/tyre/inUpTyreBrands');

export function useSaveTyreBrand() {
  return useApiMutation(saveTyreBrand, { invalidate: [catalogueKeys.tyreBrands] });
}
