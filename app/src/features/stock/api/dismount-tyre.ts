import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { DismountInput, TyreAsset } from '../types';
import { AFTER_MOVE } from './keys';

/** POST /api/web/drp/tyre/dismount {id, warehouseId, scrap?, remark?} → TyreAsset (a return move; with scrap, a scrap move after it). */
export const dismountTyre = postCall<DismountInput, TyreAsset>('/web/drp/tyre/dismount');

export function useDismountTyre() {
  return useApiMutation(dismountTyre, { invalidate: AFTER_MOVE });
}
