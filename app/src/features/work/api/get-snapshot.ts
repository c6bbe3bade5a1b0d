import { postCall, useCallQuery } from '@/lib/calls';
import type { OrderRef, Snapshot } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/snapshoot → Snapshot: the vehicle's live state stored when the order was opened. */
export const getSnapshot = postCall<OrderRef, Snapshot>('/work/snapshoot');

export function useSnapshot(payload: OrderRef, enabled = true) {
  return useCallQuery([...workKeys.order, 'get-snapshot'], getSnapshot, payload, enabled);
}
