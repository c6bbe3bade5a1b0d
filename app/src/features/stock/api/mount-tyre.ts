import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { MountInput, TyreAsset } from '../types';
import { AFTER_MOVE } from './keys';

/**
 * POST /api/web/drp/tyre/mount {id, vehicleId, position, workOrderId?, remark?} → TyreAsset: from stock an issue out
 * of its warehouse; already mounted, a rotation. A tyre already at that wheel is dismounted first.
 */
export const mountTyre = postCall<MountInput, TyreAsset>('/web/drp/tyre/mount');

export function useMountTyre() {
  return useApiMutation(mountTyre, { invalidate: AFTER_MOVE });
}
