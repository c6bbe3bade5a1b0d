import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import { catalogueKeys } from './keys';

/** POST /api/web/tyre/delBrand {ids}: refused while a tyre uses the brand. */
export const deleteTyreBrands = postCall<{ ids: number[] }>('/web/tyre/delBrand');

export function useDeleteTyreBrands() {
  return useApiMutation(deleteTyreBrands, { invalidate: [catalogueKeys.tyreBrands] });
}
