import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { OrderDetail, OrderInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/save_default → OrderDetail: opens an order with its type's defaults for what is left out. */
export const saveDefaultOrder = postCall<OrderInput, OrderDetail>('/work/save_default');

export function useSaveDefaultOrder() {
  return useApiMutation(saveDefaultOrder, { invalidate: [workKeys.orders] });
}
